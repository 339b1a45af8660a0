-- The forms each symbol may be named in (symbols.names), one row each, so
-- that why finds a symbol by any of them through an index on equality.
-- Under row-level security the GIN index on symbols.names is never used:
-- an array's @> is not leakproof, so the policies' filter runs first and
-- every granted symbol is read (20 ms a why at 200 small repositories).
CREATE TABLE symbol_names (
	repo_id   bigint NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
	symbol_id text NOT NULL,
	name      text NOT NULL,
	PRIMARY KEY (repo_id, symbol_id, name)
);
CREATE INDEX symbol_names_name ON symbol_names (name, repo_id);

SELECT set_config('gortex.all', 'on', true);
INSERT INTO symbol_names (repo_id, symbol_id, name)
	SELECT DISTINCT s.repo_id, s.id, n FROM symbols s, unnest(s.names) AS n;

ALTER TABLE symbol_names ENABLE ROW LEVEL SECURITY;
ALTER TABLE symbol_names FORCE ROW LEVEL SECURITY;
CREATE POLICY readable ON symbol_names USING (gortex_readable(repo_id));
DO $$
BEGIN
	IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'gortex_reader') THEN
		GRANT SELECT ON symbol_names TO gortex_reader;
	END IF;
END
$$;
