-- Observations: content-addressed page states. id = observe.ID(text, links).
CREATE TABLE observations (
	id    TEXT PRIMARY KEY,
	text  TEXT NOT NULL,
	links TEXT NOT NULL -- link record JSON, keys in numeric order
) WITHOUT ROWID;

-- Steps: one row per observation recorded in a run; together with prev and
-- action it is the edge prev --action--> obs of the state graph.
CREATE TABLE steps (
	run      TEXT    NOT NULL,
	seq      INTEGER NOT NULL,
	obs      TEXT    NOT NULL REFERENCES observations(id),
	prev     TEXT    NOT NULL DEFAULT '', -- '' for a first step
	action   TEXT    NOT NULL DEFAULT '', -- Action JSON, '' when none
	url      TEXT    NOT NULL DEFAULT '',
	title    TEXT    NOT NULL DEFAULT '',
	site     TEXT    NOT NULL DEFAULT '',
	elements TEXT    NOT NULL DEFAULT '[]', -- [[id,canon,role,name,key],...]
	captured TEXT    NOT NULL DEFAULT '',   -- RFC 3339, UTC
	PRIMARY KEY (run, seq)
) WITHOUT ROWID;

CREATE INDEX steps_obs ON steps(obs);
CREATE INDEX steps_site ON steps(site, run, seq);
