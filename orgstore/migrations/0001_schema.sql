-- The organisation's store: one row per published repository, and what its
-- index holds, each row keyed by the repository's id.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE repos (
	id           bigserial PRIMARY KEY,
	name         text NOT NULL UNIQUE,
	remote       text NOT NULL DEFAULT '',
	commit       text NOT NULL DEFAULT '',
	modules      text[] NOT NULL DEFAULT '{}',
	published_at timestamptz NOT NULL DEFAULT now(),
	generation   bigint NOT NULL DEFAULT 0
);

-- Code: symbols, files and packages. names are the forms another
-- repository's document may write it in (see orgstore.namesOf).
CREATE TABLE symbols (
	repo_id   bigint NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
	id        text NOT NULL,
	qualified text NOT NULL,
	name      text NOT NULL,
	kind      text NOT NULL,
	path      text NOT NULL,
	line      integer NOT NULL,
	end_line  integer NOT NULL,
	container text NOT NULL DEFAULT '',
	doc       text NOT NULL DEFAULT '',
	names     text[] NOT NULL DEFAULT '{}',
	hash      bytea NOT NULL,
	PRIMARY KEY (repo_id, id)
);
CREATE INDEX symbols_id ON symbols (id);
CREATE INDEX symbols_qualified ON symbols (qualified);
CREATE INDEX symbols_names ON symbols USING gin (names);
CREATE INDEX symbols_name ON symbols (name);
CREATE INDEX symbols_qualified_trgm ON symbols USING gin (qualified gin_trgm_ops);
CREATE INDEX symbols_lines ON symbols (repo_id, path, line);

-- Document sections.
CREATE TABLE sections (
	repo_id       bigint NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
	id            text NOT NULL,
	path          text NOT NULL,
	heading       text NOT NULL,
	line          integer NOT NULL,
	end_line      integer NOT NULL,
	asset_kind    text NOT NULL DEFAULT '',
	status        text NOT NULL DEFAULT '',
	superseded_by text NOT NULL DEFAULT '',
	updated       timestamptz,
	body          text NOT NULL,
	context       text NOT NULL DEFAULT '',
	hash          bytea NOT NULL,
	tsv           tsvector GENERATED ALWAYS AS (
		setweight(to_tsvector('english', heading), 'A') || to_tsvector('english', body)) STORED,
	PRIMARY KEY (repo_id, id)
);
CREATE INDEX sections_tsv ON sections USING gin (tsv);
CREATE INDEX sections_path ON sections (repo_id, path, line);

-- The motivates links of a repository's own index, each motivation.
CREATE TABLE links (
	repo_id    bigint NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
	section_id text NOT NULL,
	target_id  text NOT NULL,
	signal     text NOT NULL,
	score      real NOT NULL,
	detail     text NOT NULL DEFAULT '',
	hash       bytea NOT NULL,
	PRIMARY KEY (repo_id, section_id, target_id, signal)
);
CREATE INDEX links_target ON links (repo_id, target_id);

-- The names a section writes as code that may name another repository's
-- symbol; joined to symbols.names when asked, so a later publish of
-- either side keeps the link current.
CREATE TABLE mentions (
	repo_id    bigint NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
	section_id text NOT NULL,
	name       text NOT NULL,
	PRIMARY KEY (repo_id, section_id, name)
);
CREATE INDEX mentions_name ON mentions (name);

-- Each symbol's answer as gortex why gives it in its own repository.
CREATE TABLE answers (
	repo_id   bigint NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
	symbol_id text NOT NULL,
	entries   jsonb NOT NULL,
	hash      bytea NOT NULL,
	PRIMARY KEY (repo_id, symbol_id)
);

-- Memories: a repository's (repo_id set, published from its files) and
-- the organisation's (repo_id NULL, written through the store).
CREATE TABLE memories (
	repo_id       bigint REFERENCES repos (id) ON DELETE CASCADE,
	id            text NOT NULL,
	title         text NOT NULL,
	body          text NOT NULL,
	kind          text NOT NULL,
	anchors       text[] NOT NULL DEFAULT '{}',
	importance    integer NOT NULL DEFAULT 3,
	confidence    real NOT NULL DEFAULT 0.5,
	basis         text NOT NULL DEFAULT '',
	pinned        boolean NOT NULL DEFAULT false,
	author        text NOT NULL DEFAULT '',
	created       timestamptz NOT NULL DEFAULT now(),
	updated       timestamptz NOT NULL DEFAULT now(),
	superseded_by text NOT NULL DEFAULT '',
	-- 'file': published from the repository's memory files (a publish
	-- replaces them); 'store': written through the store (a publish keeps them).
	origin        text NOT NULL DEFAULT 'file',
	hash          bytea NOT NULL,
	tsv           tsvector GENERATED ALWAYS AS (
		setweight(to_tsvector('english', title), 'A') || to_tsvector('english', body)) STORED,
	UNIQUE NULLS NOT DISTINCT (repo_id, id)
);
CREATE INDEX memories_tsv ON memories USING gin (tsv);
CREATE INDEX memories_anchors ON memories USING gin (anchors);

-- Commit summaries.
CREATE TABLE commits (
	repo_id bigint NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
	hash    text NOT NULL,
	subject text NOT NULL,
	body    text NOT NULL DEFAULT '',
	author  text NOT NULL DEFAULT '',
	date    timestamptz,
	tsv     tsvector GENERATED ALWAYS AS (
		setweight(to_tsvector('english', subject), 'A') || to_tsvector('english', body)) STORED,
	PRIMARY KEY (repo_id, hash)
);
CREATE INDEX commits_tsv ON commits USING gin (tsv);

-- Tokens of gortex serve: the SHA-256 of each, and the repositories it
-- may read (every one when all_repos).
CREATE TABLE tokens (
	hash      bytea PRIMARY KEY,
	name      text NOT NULL UNIQUE,
	repos     text[] NOT NULL DEFAULT '{}',
	all_repos boolean NOT NULL DEFAULT false,
	created   timestamptz NOT NULL DEFAULT now()
);

-- Row-level security, the backstop behind the queries' own filters: a
-- transaction reads the rows of the repositories in gortex.repos (ids,
-- comma-separated), or every row when gortex.all is on (publish, and the
-- CLI, which holds the connection string itself).
CREATE FUNCTION gortex_readable(r bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT coalesce(current_setting('gortex.all', true), '') = 'on'
		OR r = ANY (string_to_array(nullif(current_setting('gortex.repos', true), ''), ',')::bigint[])
$$;

ALTER TABLE repos ENABLE ROW LEVEL SECURITY;
ALTER TABLE repos FORCE ROW LEVEL SECURITY;
CREATE POLICY readable ON repos USING (gortex_readable(id));
ALTER TABLE symbols ENABLE ROW LEVEL SECURITY;
ALTER TABLE symbols FORCE ROW LEVEL SECURITY;
CREATE POLICY readable ON symbols USING (gortex_readable(repo_id));
ALTER TABLE sections ENABLE ROW LEVEL SECURITY;
ALTER TABLE sections FORCE ROW LEVEL SECURITY;
CREATE POLICY readable ON sections USING (gortex_readable(repo_id));
ALTER TABLE links ENABLE ROW LEVEL SECURITY;
ALTER TABLE links FORCE ROW LEVEL SECURITY;
CREATE POLICY readable ON links USING (gortex_readable(repo_id));
ALTER TABLE mentions ENABLE ROW LEVEL SECURITY;
ALTER TABLE mentions FORCE ROW LEVEL SECURITY;
CREATE POLICY readable ON mentions USING (gortex_readable(repo_id));
ALTER TABLE answers ENABLE ROW LEVEL SECURITY;
ALTER TABLE answers FORCE ROW LEVEL SECURITY;
CREATE POLICY readable ON answers USING (gortex_readable(repo_id));
ALTER TABLE commits ENABLE ROW LEVEL SECURITY;
ALTER TABLE commits FORCE ROW LEVEL SECURITY;
CREATE POLICY readable ON commits USING (gortex_readable(repo_id));
ALTER TABLE memories ENABLE ROW LEVEL SECURITY;
ALTER TABLE memories FORCE ROW LEVEL SECURITY;
CREATE POLICY readable ON memories USING (repo_id IS NULL OR gortex_readable(repo_id));

-- A role without BYPASSRLS that readers switch to (SET LOCAL ROLE), so
-- that the policies hold even when gortex connects as a superuser. Roles
-- belong to the cluster: made once, granted to whoever migrates.
DO $$
BEGIN
	IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'gortex_reader') THEN
		CREATE ROLE gortex_reader NOLOGIN;
	END IF;
	EXECUTE format('GRANT gortex_reader TO %I', current_user);
EXCEPTION WHEN insufficient_privilege THEN
	RAISE NOTICE 'gortex: no role gortex_reader (no CREATEROLE); row-level security holds for a non-superuser owner only';
END
$$;
DO $$
BEGIN
	IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'gortex_reader') THEN
		GRANT USAGE ON SCHEMA public TO gortex_reader;
		GRANT SELECT ON repos, symbols, sections, links, mentions, answers, commits, memories TO gortex_reader;
	END IF;
END
$$;
