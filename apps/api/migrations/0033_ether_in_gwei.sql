-- Ether, and the other EVM gas coins AVAX and ONE, are counted in gwei (nine decimals), not wei
-- (docs/decisions/093-ether-in-gwei.md): in wei a balance, a posting or a quote's amount overflows a bigint beyond
-- 9.22 coins. Every such amount kept so far is divided by 10^9, toward zero (amounts below a gwei cannot be asked
-- for: the smallest ETH deposit is 0.005); each balance is then the sum of its scaled postings again, so the ledger
-- still balances to the unit.
UPDATE ledger_assets SET decimals = 9 WHERE code IN ('ETH', 'AVAX', 'ONE');

-- The one rewrite of posted history the ledger allows: its units, not its movements.
ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_append_only;
UPDATE ledger_postings SET amount = GREATEST(amount / 1000000000, 1) WHERE asset IN ('ETH', 'AVAX', 'ONE');
ALTER TABLE ledger_postings ENABLE TRIGGER ledger_postings_append_only;

UPDATE ledger_holds SET amount = GREATEST(amount / 1000000000, 1) WHERE asset IN ('ETH', 'AVAX', 'ONE');

UPDATE ledger_balances b
   SET held = COALESCE((SELECT sum(h.amount) FROM ledger_holds h
                         WHERE h.account = b.account AND h.asset = b.asset AND h.status = 'active'), 0),
       balance = COALESCE((SELECT sum(p.amount) FROM ledger_postings p
                            WHERE p.destination = b.account AND p.asset = b.asset), 0)
               - COALESCE((SELECT sum(p.amount) FROM ledger_postings p
                            WHERE p.source = b.account AND p.asset = b.asset), 0)
 WHERE b.asset IN ('ETH', 'AVAX', 'ONE');

UPDATE ramp_quotes SET sell_amount = GREATEST(sell_amount / 1000000000, 1) WHERE sell_asset = 'ETH';
UPDATE ramp_quotes SET receive_amount = GREATEST(receive_amount / 1000000000, 1) WHERE buy_asset = 'ETH';
UPDATE ramp_orders SET sell_amount = GREATEST(sell_amount / 1000000000, 1), deposit_received = deposit_received / 1000000000
 WHERE sell_asset = 'ETH';
UPDATE ramp_orders SET receive_amount = GREATEST(receive_amount / 1000000000, 1) WHERE buy_asset = 'ETH';
UPDATE asset_deposits SET amount = GREATEST(amount / 1000000000, 1) WHERE asset IN ('ETH', 'AVAX', 'ONE');
UPDATE asset_withdrawals SET amount = GREATEST(amount / 1000000000, 1) WHERE asset IN ('ETH', 'AVAX', 'ONE');
