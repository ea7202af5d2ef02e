-- The schema of observe/sqlite (its migrations 001 and 002) in
-- PostgreSQL's types. Content text is bytea: text columns refuse NUL,
-- which a trajectory's text may hold; everything else is text.

-- Observations: content-addressed tree texts with their link records,
-- both the canonical form of a page state and the text an agent was shown
-- (the same hash, observe.ID, names both).
CREATE TABLE observations (
	id    text PRIMARY KEY,
	text  bytea NOT NULL,
	links bytea NOT NULL -- link record JSON, keys in numeric order
);

-- Element numberings, stored once per distinct set.
CREATE TABLE element_sets (
	id   text PRIMARY KEY, -- observe.ElementsID of data
	data text NOT NULL     -- [[id,canon,role,name,key],...]
);

-- Steps: one row per observation recorded in a run; with prev and action
-- it is the edge prev --action--> obs of the state graph.
CREATE TABLE steps (
	run         text    NOT NULL,
	seq         integer NOT NULL,
	obs         text    NOT NULL REFERENCES observations(id), -- the canonical state
	shown       text    NOT NULL REFERENCES observations(id), -- the text the agent was shown
	prev        text    NOT NULL DEFAULT '',
	prev_shown  text    NOT NULL DEFAULT '',
	action      text    NOT NULL DEFAULT '', -- Action JSON, '' when none
	url         text    NOT NULL DEFAULT '',
	title       text    NOT NULL DEFAULT '',
	site        text    NOT NULL DEFAULT '',
	elements    text    NOT NULL DEFAULT '[]', -- unused here (SQLite's pre-002 inline sets)
	elements_id text    NOT NULL REFERENCES element_sets(id),
	captured    text    NOT NULL DEFAULT '',
	PRIMARY KEY (run, seq)
);
CREATE INDEX steps_obs ON steps(obs);
CREATE INDEX steps_shown ON steps(shown);
CREATE INDEX steps_site ON steps(site, run, seq);
CREATE INDEX steps_run_shown ON steps(run, shown, seq);
CREATE INDEX steps_run_obs ON steps(run, obs, seq);

CREATE TABLE health (
	id     integer PRIMARY KEY CHECK (id = 1),
	writes bigint  NOT NULL
);

CREATE TABLE trajectories (
	id   text PRIMARY KEY,
	meta text NOT NULL
);
CREATE TABLE trajectory_observations (
	traj  text    NOT NULL REFERENCES trajectories(id),
	idx   integer NOT NULL,
	obs   text    NOT NULL REFERENCES observations(id),
	url   text    NOT NULL DEFAULT '',
	title text    NOT NULL DEFAULT '',
	PRIMARY KEY (traj, idx)
);
CREATE TABLE trajectory_steps (
	traj text    NOT NULL REFERENCES trajectories(id),
	idx  integer NOT NULL,
	doc  text    NOT NULL,
	PRIMARY KEY (traj, idx)
);
