-- The ramp catalogue's tickers (packages/contracts/src/ramp-assets.ts, RAMP_TICKERS) join USD and USDC in the ledger,
-- so holdings, buys and sells of every offered asset post in its own decimals (issue 6, R14, decision 024).
-- apps/api/src/modules/ledger/assets.ts lists the same rows (a test compares them).
INSERT INTO ledger_assets (code, decimals) VALUES
  ('USDS', 6), ('USDT', 6), ('VEUSD', 6), ('QUSD', 6), ('ZUSD', 6),
  ('BTC', 8), ('ETH', 18), ('XRP', 6), ('XLM', 7), ('SOL', 9);
