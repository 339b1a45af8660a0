-- A symbol's published answer is read whole and decoded by gortex, never
-- queried inside: kept as the JSON text publish wrote (json), not as
-- jsonb, which PostgreSQL turns back into text on every read. At 200
-- copies of the fixture, reading every answer took about half the time.
ALTER TABLE answers ALTER COLUMN entries TYPE json USING entries::json;
