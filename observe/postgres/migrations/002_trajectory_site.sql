-- A trajectory's site (its lower-case host, from meta) as a column, so that
-- the state graph of a site (Store.Graph) finds the site's trajectories
-- without reading every one. Trajectories stored before this migration
-- take it from their meta.
ALTER TABLE trajectories ADD COLUMN site text NOT NULL DEFAULT '';
UPDATE trajectories SET site = lower(COALESCE(meta::jsonb->>'site', ''));
CREATE INDEX trajectories_site ON trajectories(site, id);
