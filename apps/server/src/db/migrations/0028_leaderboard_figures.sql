CREATE TABLE "leaderboard_counts" (
	"campaign_id" uuid NOT NULL,
	"board" integer NOT NULL,
	"level" integer NOT NULL,
	"bucket" bigint NOT NULL,
	"entries" bigint NOT NULL,
	CONSTRAINT "leaderboard_counts_campaign_id_board_level_bucket_pk" PRIMARY KEY("campaign_id","board","level","bucket")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_figures" (
	"entry_id" uuid NOT NULL,
	"board" integer NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"views" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"source" text,
	"read_at" timestamp with time zone,
	CONSTRAINT "leaderboard_figures_entry_id_board_pk" PRIMARY KEY("entry_id","board")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_counts" ADD CONSTRAINT "leaderboard_counts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_figures" ADD CONSTRAINT "leaderboard_figures_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_figures" ADD CONSTRAINT "leaderboard_figures_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_figures_rank_idx" ON "leaderboard_figures" USING btree ("campaign_id","board","views" DESC NULLS LAST,"submitted_at","entry_id");--> statement-breakpoint
CREATE INDEX "leaderboard_figures_creator_idx" ON "leaderboard_figures" USING btree ("campaign_id","board","creator_id");--> statement-breakpoint
CREATE INDEX "leaderboard_figures_read_idx" ON "leaderboard_figures" USING btree ("campaign_id","board","read_at");--> statement-breakpoint
CREATE INDEX "leaderboard_figures_submitted_idx" ON "leaderboard_figures" USING btree ("campaign_id","board","submitted_at");--> statement-breakpoint
-- Recomputes the counted figure of each given entry on each board it belongs to, as the leaderboard ranks
-- it (ADR 024, 037, 039), and moves the board's bucket counts by the difference; `removed` takes the
-- entries off every board (they are being deleted). Each campaign's boards are changed by one transaction
-- at a time, so that the figures read here include whatever another committed.
CREATE FUNCTION "leaderboard_refresh"("entry_ids" uuid[], "removed" boolean DEFAULT false)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(39, hashtext(touched.campaign_id::text))
  FROM (
    SELECT e.campaign_id FROM campaign_entries e WHERE e.id = ANY(entry_ids)
    UNION
    SELECT f.campaign_id FROM leaderboard_figures f WHERE f.entry_id = ANY(entry_ids)
  ) touched
  ORDER BY touched.campaign_id;

  WITH boards AS (
    SELECT e.id AS entry_id, e.campaign_id, e.creator_id, e.submitted_at, b.board,
      least(e.submitted_at + ((c.validation->>'lockDays')::int * interval '1 day'), b.closes_at) AS counts_until
    FROM campaign_entries e
    JOIN campaigns c ON c.id = e.campaign_id
    CROSS JOIN LATERAL (
      SELECT 0 AS board, c.ends_at AS closes_at
      UNION ALL
      SELECT p.number::int, least(c.starts_at + p.number * p.seconds * interval '1 second', c.ends_at)
      FROM (
        SELECT (c.reward->>'periodDays')::numeric * 86400 AS seconds
      ) length
      CROSS JOIN LATERAL (
        SELECT floor((extract(epoch FROM e.submitted_at) - extract(epoch FROM c.starts_at)) / length.seconds) + 1
          AS number, length.seconds
      ) p
      WHERE c.reward->>'type' = 'SPRINT' AND length.seconds > 0
        AND e.submitted_at >= c.starts_at AND e.submitted_at < c.ends_at
    ) b
    WHERE e.id = ANY(entry_ids) AND e.status = 'APPROVED' AND NOT removed
  ),
  fresh AS (
    SELECT b.entry_id, b.board, b.campaign_id, b.creator_id, b.submitted_at,
      CASE WHEN r.id IS NULL THEN NULL ELSE greatest(r.views - coalesce((
        SELECT sum(x.views) FROM entry_view_exclusions x WHERE x.entry_id = b.entry_id AND x.from_at < r.read_at
      ), 0), 0)::bigint END AS views,
      r.likes, r.comments, r.shares, r.source, r.read_at
    FROM boards b
    LEFT JOIN LATERAL (
      SELECT r.id, r.views, r.likes, r.comments, r.shares, r.source, r.read_at
      FROM entry_metric_readings r
      WHERE r.entry_id = b.entry_id AND r.read_at <= b.counts_until
      ORDER BY r.read_at DESC, r.recorded_at DESC, r.id DESC
      LIMIT 1
    ) r ON true
  ),
  old AS (
    SELECT f.entry_id, f.board, f.campaign_id, f.views FROM leaderboard_figures f WHERE f.entry_id = ANY(entry_ids)
  ),
  gone AS (
    DELETE FROM leaderboard_figures f
    WHERE f.entry_id = ANY(entry_ids)
      AND NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.entry_id = f.entry_id AND fresh.board = f.board)
  ),
  kept AS (
    INSERT INTO leaderboard_figures
      (entry_id, board, campaign_id, creator_id, submitted_at, views, likes, comments, shares, source, read_at)
    SELECT entry_id, board, campaign_id, creator_id, submitted_at, views, likes, comments, shares, source, read_at
    FROM fresh
    ON CONFLICT (entry_id, board) DO UPDATE SET
      campaign_id = excluded.campaign_id, creator_id = excluded.creator_id, submitted_at = excluded.submitted_at,
      views = excluded.views, likes = excluded.likes, comments = excluded.comments, shares = excluded.shares,
      source = excluded.source, read_at = excluded.read_at
  ),
  changes AS (
    SELECT campaign_id, board, views, -1 AS change FROM old
    UNION ALL
    SELECT campaign_id, board, views, 1 AS change FROM fresh
  ),
  buckets AS (
    SELECT campaign_id, board, -1 AS level, 0::bigint AS bucket, change FROM changes
    UNION ALL
    SELECT campaign_id, board, level, views >> level, change
    FROM changes CROSS JOIN unnest(ARRAY[0, 8, 16, 24, 32, 40]) AS levels(level)
    WHERE views IS NOT NULL
  )
  INSERT INTO leaderboard_counts (campaign_id, board, level, bucket, entries)
  SELECT campaign_id, board, level, bucket, sum(change)
  FROM buckets
  -- A campaign being deleted takes its counts with it.
  WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = buckets.campaign_id)
  GROUP BY campaign_id, board, level, bucket
  HAVING sum(change) <> 0
  ORDER BY campaign_id, board, level, bucket
  ON CONFLICT (campaign_id, board, level, bucket) DO UPDATE
    SET entries = leaderboard_counts.entries + excluded.entries;
END;
$$;
--> statement-breakpoint
-- An entry's place on its board (ADR 039): one more than the entries ahead of its figure. Those with more
-- views are summed from the bucket counts (at each level, the buckets above the figure's under the same
-- wider bucket; at the widest, every bucket above), those with the same views counted in the board's index
-- (submitted earlier, then by id); an entry without views stands after every ranked one and the unranked
-- ahead of it. A function of its own so that its plans are kept between calls and no statement reading a
-- board is costed as if it scanned the board (which would have it compiled by JIT on every call).
CREATE FUNCTION "leaderboard_place"("campaign" uuid, "board_number" integer, "figure" bigint,
  "submitted" timestamptz, "entry" uuid)
RETURNS bigint LANGUAGE plpgsql STABLE SET jit = off AS $$
DECLARE
  ahead bigint;
BEGIN
  IF figure IS NULL THEN
    SELECT coalesce(sum(c.entries), 0) INTO ahead FROM leaderboard_counts c
    WHERE c.campaign_id = campaign AND c.board = board_number AND c.level = 40;
    RETURN 1 + ahead + (
      SELECT count(*) FROM leaderboard_figures t
      WHERE t.campaign_id = campaign AND t.board = board_number AND t.views IS NULL
        AND (t.submitted_at, t.entry_id) < (submitted, entry)
    );
  END IF;
  SELECT coalesce(sum(above.entries), 0) INTO ahead
  FROM (VALUES (0), (8), (16), (24), (32), (40)) AS levels(level)
  CROSS JOIN LATERAL (
    SELECT sum(c.entries) AS entries FROM leaderboard_counts c
    WHERE c.campaign_id = campaign AND c.board = board_number AND c.level = levels.level
      AND c.bucket > (figure >> levels.level)
      AND c.bucket < CASE WHEN levels.level = 40 THEN 9223372036854775807
        ELSE (((figure >> levels.level) >> 8) + 1) << 8 END
  ) above;
  RETURN 1 + ahead + (
    SELECT count(*) FROM leaderboard_figures t
    WHERE t.campaign_id = campaign AND t.board = board_number AND t.views = figure
      AND (t.submitted_at, t.entry_id) < (submitted, entry)
  );
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "leaderboard_readings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM leaderboard_refresh(ARRAY(SELECT DISTINCT entry_id FROM old_rows));
  ELSE
    PERFORM leaderboard_refresh(ARRAY(SELECT DISTINCT entry_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_readings_inserted" AFTER INSERT ON "entry_metric_readings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_readings_changed();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_readings_deleted" AFTER DELETE ON "entry_metric_readings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_readings_changed();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_exclusions_inserted" AFTER INSERT ON "entry_view_exclusions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_readings_changed();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_exclusions_deleted" AFTER DELETE ON "entry_view_exclusions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_readings_changed();
--> statement-breakpoint
CREATE FUNCTION "leaderboard_entries_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM leaderboard_refresh(ARRAY(SELECT id FROM new_rows WHERE status = 'APPROVED'));
  ELSE
    PERFORM leaderboard_refresh(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.status = 'APPROVED' OR n.status = 'APPROVED')
        AND (o.status IS DISTINCT FROM n.status OR o.submitted_at IS DISTINCT FROM n.submitted_at
          OR o.campaign_id IS DISTINCT FROM n.campaign_id OR o.creator_id IS DISTINCT FROM n.creator_id)
    ));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "leaderboard_entry_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leaderboard_refresh(ARRAY[OLD.id], true);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_entry_deleted" BEFORE DELETE ON "campaign_entries"
  FOR EACH ROW WHEN (OLD.status = 'APPROVED') EXECUTE FUNCTION leaderboard_entry_deleted();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_entries_inserted" AFTER INSERT ON "campaign_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_entries_changed();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_entries_updated" AFTER UPDATE ON "campaign_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION leaderboard_entries_changed();
--> statement-breakpoint
CREATE FUNCTION "leaderboard_campaigns_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leaderboard_refresh(ARRAY(
    SELECT e.id FROM campaign_entries e
    JOIN new_rows n ON n.id = e.campaign_id
    JOIN old_rows o ON o.id = n.id
    WHERE e.status = 'APPROVED'
      AND (o.starts_at IS DISTINCT FROM n.starts_at OR o.ends_at IS DISTINCT FROM n.ends_at
        OR o.reward IS DISTINCT FROM n.reward OR o.validation IS DISTINCT FROM n.validation)
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_campaigns_updated" AFTER UPDATE ON "campaigns"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION leaderboard_campaigns_changed();
--> statement-breakpoint
SELECT leaderboard_refresh(ARRAY(SELECT id FROM campaign_entries WHERE status = 'APPROVED'));
