-- Steps keep the id of the text the agent was shown (shown; equal to obs,
-- the canonical state, when no element was renumbered) and of the
-- previous step's. Its content goes in observations, content-addressed
-- like the canonical form. Steps recorded before this migration kept only
-- the canonical text, so their shown id is their state id.
ALTER TABLE steps ADD COLUMN shown TEXT NOT NULL DEFAULT '';
ALTER TABLE steps ADD COLUMN prev_shown TEXT NOT NULL DEFAULT '';
UPDATE steps SET shown = obs, prev_shown = prev;
CREATE INDEX steps_shown ON steps(shown);
CREATE INDEX steps_run_shown ON steps(run, shown, seq);
CREATE INDEX steps_run_obs ON steps(run, obs, seq);

-- Element numberings, stored once per distinct set (2,000 steps on one
-- page state share one row). A step names its set in elements_id; steps
-- recorded before this migration keep theirs inline in elements.
CREATE TABLE element_sets (
	id   TEXT PRIMARY KEY, -- observe.ElementsID of data
	data TEXT NOT NULL     -- [[id,canon,role,name,key],...]
) WITHOUT ROWID;
ALTER TABLE steps ADD COLUMN elements_id TEXT NOT NULL DEFAULT '';

-- One row the health probe writes.
CREATE TABLE health (
	id     INTEGER PRIMARY KEY CHECK (id = 1),
	writes INTEGER NOT NULL
);

-- Trajectories: the run record of package trajectory. meta is the run
-- without its observations and steps (trajectory JSON); observations are
-- referenced by content id, steps kept as JSON documents in order.
CREATE TABLE trajectories (
	id   TEXT PRIMARY KEY,
	meta TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE trajectory_observations (
	traj  TEXT    NOT NULL REFERENCES trajectories(id),
	idx   INTEGER NOT NULL,
	obs   TEXT    NOT NULL REFERENCES observations(id),
	url   TEXT    NOT NULL DEFAULT '',
	title TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (traj, idx)
) WITHOUT ROWID;
CREATE TABLE trajectory_steps (
	traj TEXT    NOT NULL REFERENCES trajectories(id),
	idx  INTEGER NOT NULL,
	doc  TEXT    NOT NULL, -- the step, trajectory JSON
	PRIMARY KEY (traj, idx)
) WITHOUT ROWID;
