/** Values the ramp and order tests share: real addresses of their networks, a Monday to start the clock on. */
export const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
export const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const NO_SUCH_ID = '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a';
/** A Monday, so an ACH deposit settles on a banking day ahead. */
export const START = new Date('2026-11-23T15:00:00Z');

/** Buy 100 USDS on the XRP Ledger with the USD balance. */
export const BUY_USDS = {
  buyAssetTicker: 'USDS',
  buyNetwork: 'xrpl',
  buyAddress: XRPL_ADDRESS,
  sellAssetTicker: 'USD',
  sellNetwork: 'primex_usd',
  sellAmountTotal: '100',
  sellDeliveryMethod: 'payment_method',
  sellAddress: 'USD balance',
};
