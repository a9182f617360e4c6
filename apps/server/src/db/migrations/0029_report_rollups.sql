CREATE TABLE "report_country_totals" (
	"campaign_id" uuid NOT NULL,
	"country" text,
	"creators" bigint NOT NULL,
	"entries" bigint NOT NULL,
	"viewed" bigint NOT NULL,
	"views" bigint NOT NULL,
	"likes" bigint NOT NULL,
	"comments" bigint NOT NULL,
	"shares" bigint NOT NULL,
	CONSTRAINT "report_country_totals_country_key" UNIQUE NULLS NOT DISTINCT("campaign_id","country")
);
--> statement-breakpoint
CREATE TABLE "report_counts" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"joined" bigint NOT NULL,
	"submitted" bigint NOT NULL,
	"approved" bigint NOT NULL,
	"rejected" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_creator_totals" (
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"country" text,
	"entries" bigint NOT NULL,
	"viewed" bigint NOT NULL,
	"views" bigint NOT NULL,
	"likes" bigint NOT NULL,
	"comments" bigint NOT NULL,
	"shares" bigint NOT NULL,
	"first_submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_creator_totals_campaign_id_creator_id_pk" PRIMARY KEY("campaign_id","creator_id")
);
--> statement-breakpoint
CREATE TABLE "report_day_changes" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" bigint NOT NULL,
	"likes" bigint NOT NULL,
	"comments" bigint NOT NULL,
	"shares" bigint NOT NULL,
	CONSTRAINT "report_day_changes_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_entry_days" (
	"entry_id" uuid NOT NULL,
	"day" date NOT NULL,
	"campaign_id" uuid NOT NULL,
	"views" bigint NOT NULL,
	"likes" bigint NOT NULL,
	"comments" bigint NOT NULL,
	"shares" bigint NOT NULL,
	CONSTRAINT "report_entry_days_entry_id_day_pk" PRIMARY KEY("entry_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_entry_figures" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"views" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_platform_totals" (
	"campaign_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"entries" bigint NOT NULL,
	"viewed" bigint NOT NULL,
	"views" bigint NOT NULL,
	"likes" bigint NOT NULL,
	"comments" bigint NOT NULL,
	"shares" bigint NOT NULL,
	CONSTRAINT "report_platform_totals_campaign_id_platform_pk" PRIMARY KEY("campaign_id","platform")
);
--> statement-breakpoint
ALTER TABLE "report_country_totals" ADD CONSTRAINT "report_country_totals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_counts" ADD CONSTRAINT "report_counts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_creator_totals" ADD CONSTRAINT "report_creator_totals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_day_changes" ADD CONSTRAINT "report_day_changes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entry_days" ADD CONSTRAINT "report_entry_days_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entry_days" ADD CONSTRAINT "report_entry_days_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entry_figures" ADD CONSTRAINT "report_entry_figures_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entry_figures" ADD CONSTRAINT "report_entry_figures_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_platform_totals" ADD CONSTRAINT "report_platform_totals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_creator_totals_top_idx" ON "report_creator_totals" USING btree ("campaign_id","views" DESC NULLS LAST,"first_submitted_at","creator_id") WHERE "report_creator_totals"."viewed" > 0;--> statement-breakpoint
CREATE INDEX "report_entry_figures_top_idx" ON "report_entry_figures" USING btree ("campaign_id","views" DESC NULLS LAST,"submitted_at","entry_id");--> statement-breakpoint
CREATE INDEX "report_entry_figures_creator_idx" ON "report_entry_figures" USING btree ("campaign_id","creator_id");--> statement-breakpoint
CREATE INDEX "report_entry_figures_read_idx" ON "report_entry_figures" USING btree ("campaign_id","read_at");--> statement-breakpoint
-- Recomputes each given entry's figures as a report shows them (its latest reading, ADR 026) and its last
-- reading of each day, and moves the campaign's per-platform and per-day sums by the difference, then the
-- sums of the entries' creators (ADR 040); `removed` takes the entries out (they are being deleted). Each
-- campaign's sums are changed by one transaction at a time (the leaderboard's lock, ADR 039), so that the
-- readings read here include whatever another committed.
CREATE FUNCTION "report_refresh"("entry_ids" uuid[], "removed" boolean DEFAULT false)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched_campaigns uuid[];
  touched_creators uuid[];
BEGIN
  PERFORM pg_advisory_xact_lock(39, hashtext(touched.campaign_id::text))
  FROM (
    SELECT e.campaign_id FROM campaign_entries e WHERE e.id = ANY(entry_ids)
    UNION
    SELECT f.campaign_id FROM report_entry_figures f WHERE f.entry_id = ANY(entry_ids)
  ) touched
  ORDER BY touched.campaign_id;

  WITH fresh AS (
    SELECT e.id AS entry_id, e.campaign_id, e.creator_id, e.platform, e.submitted_at,
      r.views, r.likes, r.comments, r.shares, r.read_at
    FROM campaign_entries e
    LEFT JOIN LATERAL (
      SELECT r.views, r.likes, r.comments, r.shares, r.read_at
      FROM entry_metric_readings r
      WHERE r.entry_id = e.id
      ORDER BY r.read_at DESC, r.recorded_at DESC, r.id DESC
      LIMIT 1
    ) r ON true
    WHERE e.id = ANY(entry_ids) AND e.status = 'APPROVED' AND NOT removed
      -- A campaign being deleted takes its sums with it.
      AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = e.campaign_id)
  ),
  old AS (
    SELECT f.* FROM report_entry_figures f WHERE f.entry_id = ANY(entry_ids)
  ),
  gone AS (
    DELETE FROM report_entry_figures f
    WHERE f.entry_id = ANY(entry_ids) AND NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.entry_id = f.entry_id)
  ),
  kept AS (
    INSERT INTO report_entry_figures
      (entry_id, campaign_id, creator_id, platform, submitted_at, views, likes, comments, shares, read_at)
    SELECT entry_id, campaign_id, creator_id, platform, submitted_at, views, likes, comments, shares, read_at
    FROM fresh
    ON CONFLICT (entry_id) DO UPDATE SET
      campaign_id = excluded.campaign_id, creator_id = excluded.creator_id, platform = excluded.platform,
      submitted_at = excluded.submitted_at, views = excluded.views, likes = excluded.likes,
      comments = excluded.comments, shares = excluded.shares, read_at = excluded.read_at
  ),
  changes AS (
    SELECT campaign_id, creator_id, platform, views, likes, comments, shares, -1 AS change FROM old
    UNION ALL
    SELECT campaign_id, creator_id, platform, views, likes, comments, shares, 1 AS change FROM fresh
  ),
  platforms AS (
    INSERT INTO report_platform_totals AS t
      (campaign_id, platform, entries, viewed, views, likes, comments, shares)
    SELECT campaign_id, platform, sum(change), coalesce(sum(change) FILTER (WHERE views IS NOT NULL), 0),
      sum(change * coalesce(views, 0)), sum(change * coalesce(likes, 0)),
      sum(change * coalesce(comments, 0)), sum(change * coalesce(shares, 0))
    FROM changes
    WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = changes.campaign_id)
    GROUP BY campaign_id, platform
    HAVING sum(change) <> 0 OR coalesce(sum(change) FILTER (WHERE views IS NOT NULL), 0) <> 0
      OR sum(change * coalesce(views, 0)) <> 0 OR sum(change * coalesce(likes, 0)) <> 0
      OR sum(change * coalesce(comments, 0)) <> 0 OR sum(change * coalesce(shares, 0)) <> 0
    ORDER BY campaign_id, platform
    ON CONFLICT (campaign_id, platform) DO UPDATE SET
      entries = t.entries + excluded.entries, viewed = t.viewed + excluded.viewed,
      views = t.views + excluded.views, likes = t.likes + excluded.likes,
      comments = t.comments + excluded.comments, shares = t.shares + excluded.shares
  )
  SELECT array_agg(campaign_id ORDER BY campaign_id, creator_id),
    array_agg(creator_id ORDER BY campaign_id, creator_id)
  INTO touched_campaigns, touched_creators
  FROM (SELECT DISTINCT campaign_id, creator_id FROM changes) touched;

  IF touched_campaigns IS NULL THEN
    RETURN;
  END IF;

  DELETE FROM report_platform_totals t WHERE t.campaign_id = ANY(touched_campaigns) AND t.entries = 0;

  WITH fresh AS (
    SELECT e.id AS entry_id, e.campaign_id, d.day, d.views, d.likes, d.comments, d.shares
    FROM campaign_entries e
    CROSS JOIN LATERAL (
      SELECT DISTINCT ON (1) (r.read_at AT TIME ZONE 'UTC')::date AS day, coalesce(r.views, 0) AS views,
        coalesce(r.likes, 0) AS likes, coalesce(r.comments, 0) AS comments, coalesce(r.shares, 0) AS shares
      FROM entry_metric_readings r
      WHERE r.entry_id = e.id
      ORDER BY 1, r.read_at DESC, r.recorded_at DESC, r.id DESC
    ) d
    WHERE e.id = ANY(entry_ids) AND e.status = 'APPROVED' AND NOT removed
      AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = e.campaign_id)
  ),
  old AS (
    SELECT d.* FROM report_entry_days d WHERE d.entry_id = ANY(entry_ids)
  ),
  gone AS (
    DELETE FROM report_entry_days d
    WHERE d.entry_id = ANY(entry_ids)
      AND NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.entry_id = d.entry_id AND fresh.day = d.day)
  ),
  kept AS (
    INSERT INTO report_entry_days AS d (entry_id, day, campaign_id, views, likes, comments, shares)
    SELECT entry_id, day, campaign_id, views, likes, comments, shares FROM fresh
    ON CONFLICT (entry_id, day) DO UPDATE SET
      campaign_id = excluded.campaign_id, views = excluded.views, likes = excluded.likes,
      comments = excluded.comments, shares = excluded.shares
    WHERE (d.campaign_id, d.views, d.likes, d.comments, d.shares)
      IS DISTINCT FROM (excluded.campaign_id, excluded.views, excluded.likes, excluded.comments, excluded.shares)
  ),
  -- An entry's change on a day is its last reading of the day less its last of the day before it was read.
  changes AS (
    SELECT campaign_id, day, 1 AS sign,
      views - coalesce(lag(views) OVER entry_days, 0) AS views,
      likes - coalesce(lag(likes) OVER entry_days, 0) AS likes,
      comments - coalesce(lag(comments) OVER entry_days, 0) AS comments,
      shares - coalesce(lag(shares) OVER entry_days, 0) AS shares
    FROM fresh
    WINDOW entry_days AS (PARTITION BY entry_id ORDER BY day)
    UNION ALL
    SELECT campaign_id, day, -1 AS sign,
      views - coalesce(lag(views) OVER entry_days, 0) AS views,
      likes - coalesce(lag(likes) OVER entry_days, 0) AS likes,
      comments - coalesce(lag(comments) OVER entry_days, 0) AS comments,
      shares - coalesce(lag(shares) OVER entry_days, 0) AS shares
    FROM old
    WINDOW entry_days AS (PARTITION BY entry_id ORDER BY day)
  )
  INSERT INTO report_day_changes AS t (campaign_id, day, views, likes, comments, shares)
  SELECT campaign_id, day, sum(sign * views), sum(sign * likes), sum(sign * comments), sum(sign * shares)
  FROM changes
  WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = changes.campaign_id)
  GROUP BY campaign_id, day
  HAVING sum(sign * views) <> 0 OR sum(sign * likes) <> 0 OR sum(sign * comments) <> 0
    OR sum(sign * shares) <> 0
  ORDER BY campaign_id, day
  ON CONFLICT (campaign_id, day) DO UPDATE SET
    views = t.views + excluded.views, likes = t.likes + excluded.likes,
    comments = t.comments + excluded.comments, shares = t.shares + excluded.shares;

  DELETE FROM report_day_changes t
  WHERE t.campaign_id = ANY(touched_campaigns)
    AND t.views = 0 AND t.likes = 0 AND t.comments = 0 AND t.shares = 0;

  PERFORM report_refresh_creators(touched_campaigns, touched_creators);
END;
$$;
--> statement-breakpoint
-- Recomputes the sums of each given creator of each given campaign (the two arrays are read as pairs) from
-- the entries' figures, with the country the creator gives now, and moves the campaign's per-country sums
-- by the difference.
CREATE FUNCTION "report_refresh_creators"("campaign_ids" uuid[], "creator_ids" uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(39, hashtext(touched.campaign_id::text))
  FROM (SELECT DISTINCT unnest(campaign_ids) AS campaign_id) touched
  ORDER BY touched.campaign_id;

  WITH pairs AS (
    SELECT DISTINCT p.campaign_id, p.creator_id FROM unnest(campaign_ids, creator_ids) AS p(campaign_id, creator_id)
  ),
  fresh AS (
    SELECT p.campaign_id, p.creator_id, c.country, count(*) AS entries, count(f.views) AS viewed,
      coalesce(sum(f.views), 0) AS views, coalesce(sum(f.likes), 0) AS likes,
      coalesce(sum(f.comments), 0) AS comments, coalesce(sum(f.shares), 0) AS shares,
      min(f.submitted_at) AS first_submitted_at
    FROM pairs p
    JOIN report_entry_figures f ON f.campaign_id = p.campaign_id AND f.creator_id = p.creator_id
    LEFT JOIN creators c ON c.account_id = p.creator_id
    GROUP BY p.campaign_id, p.creator_id, c.country
  ),
  old AS (
    SELECT t.* FROM report_creator_totals t
    JOIN pairs p ON p.campaign_id = t.campaign_id AND p.creator_id = t.creator_id
  ),
  gone AS (
    DELETE FROM report_creator_totals t
    USING pairs p
    WHERE p.campaign_id = t.campaign_id AND p.creator_id = t.creator_id
      AND NOT EXISTS (
        SELECT 1 FROM fresh WHERE fresh.campaign_id = t.campaign_id AND fresh.creator_id = t.creator_id
      )
  ),
  kept AS (
    INSERT INTO report_creator_totals AS t (campaign_id, creator_id, country, entries, viewed, views, likes,
      comments, shares, first_submitted_at)
    SELECT campaign_id, creator_id, country, entries, viewed, views, likes, comments, shares, first_submitted_at
    FROM fresh
    ON CONFLICT (campaign_id, creator_id) DO UPDATE SET
      country = excluded.country, entries = excluded.entries, viewed = excluded.viewed,
      views = excluded.views, likes = excluded.likes, comments = excluded.comments,
      shares = excluded.shares, first_submitted_at = excluded.first_submitted_at
  ),
  changes AS (
    SELECT campaign_id, country, -1 AS change, entries, viewed, views, likes, comments, shares FROM old
    UNION ALL
    SELECT campaign_id, country, 1 AS change, entries, viewed, views, likes, comments, shares FROM fresh
  )
  INSERT INTO report_country_totals AS t
    (campaign_id, country, creators, entries, viewed, views, likes, comments, shares)
  SELECT campaign_id, country, sum(change), sum(change * entries), sum(change * viewed),
    sum(change * views), sum(change * likes), sum(change * comments), sum(change * shares)
  FROM changes
  WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = changes.campaign_id)
  GROUP BY campaign_id, country
  ORDER BY campaign_id, country
  ON CONFLICT (campaign_id, country) DO UPDATE SET
    creators = t.creators + excluded.creators, entries = t.entries + excluded.entries,
    viewed = t.viewed + excluded.viewed, views = t.views + excluded.views, likes = t.likes + excluded.likes,
    comments = t.comments + excluded.comments, shares = t.shares + excluded.shares;

  DELETE FROM report_country_totals t WHERE t.campaign_id = ANY(campaign_ids) AND t.creators = 0;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "report_readings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_refresh(ARRAY(SELECT DISTINCT entry_id FROM old_rows));
  ELSE
    PERFORM report_refresh(ARRAY(SELECT DISTINCT entry_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_readings_inserted" AFTER INSERT ON "entry_metric_readings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_readings_changed();
--> statement-breakpoint
CREATE TRIGGER "report_readings_deleted" AFTER DELETE ON "entry_metric_readings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_readings_changed();
--> statement-breakpoint
CREATE FUNCTION "report_entries_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_refresh(ARRAY(SELECT id FROM new_rows WHERE status = 'APPROVED'));
  ELSE
    PERFORM report_refresh(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.status = 'APPROVED' OR n.status = 'APPROVED')
        AND (o.status IS DISTINCT FROM n.status OR o.submitted_at IS DISTINCT FROM n.submitted_at
          OR o.campaign_id IS DISTINCT FROM n.campaign_id OR o.creator_id IS DISTINCT FROM n.creator_id
          OR o.platform IS DISTINCT FROM n.platform)
    ));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "report_entry_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_refresh(ARRAY[OLD.id], true);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_entry_deleted" BEFORE DELETE ON "campaign_entries"
  FOR EACH ROW WHEN (OLD.status = 'APPROVED') EXECUTE FUNCTION report_entry_deleted();
--> statement-breakpoint
CREATE TRIGGER "report_entries_inserted" AFTER INSERT ON "campaign_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_entries_changed();
--> statement-breakpoint
CREATE TRIGGER "report_entries_updated" AFTER UPDATE ON "campaign_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION report_entries_changed();
--> statement-breakpoint
-- A creator's country groups their sums: a creator signing up, changing country or leaving moves them.
CREATE FUNCTION "report_creators_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched_campaigns uuid[];
  touched_creators uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(t.campaign_id ORDER BY t.campaign_id, t.creator_id),
      array_agg(t.creator_id ORDER BY t.campaign_id, t.creator_id)
    INTO touched_campaigns, touched_creators
    FROM report_creator_totals t
    JOIN new_rows n ON n.account_id = t.creator_id
    JOIN old_rows o ON o.account_id = n.account_id
    WHERE o.country IS DISTINCT FROM n.country;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(t.campaign_id ORDER BY t.campaign_id, t.creator_id),
      array_agg(t.creator_id ORDER BY t.campaign_id, t.creator_id)
    INTO touched_campaigns, touched_creators
    FROM report_creator_totals t JOIN new_rows n ON n.account_id = t.creator_id;
  ELSE
    SELECT array_agg(t.campaign_id ORDER BY t.campaign_id, t.creator_id),
      array_agg(t.creator_id ORDER BY t.campaign_id, t.creator_id)
    INTO touched_campaigns, touched_creators
    FROM report_creator_totals t JOIN old_rows o ON o.account_id = t.creator_id;
  END IF;
  IF touched_campaigns IS NOT NULL THEN
    PERFORM report_refresh_creators(touched_campaigns, touched_creators);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_creators_inserted" AFTER INSERT ON "creators"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_creators_changed();
--> statement-breakpoint
CREATE TRIGGER "report_creators_updated" AFTER UPDATE ON "creators"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION report_creators_changed();
--> statement-breakpoint
CREATE TRIGGER "report_creators_deleted" AFTER DELETE ON "creators"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_creators_changed();
--> statement-breakpoint
-- Moves the campaigns' entry counts: each given entry (the arrays are read as pairs) counted `change` times
-- as submitted, and as approved or rejected by its status.
CREATE FUNCTION "report_count_entries"("campaign_ids" uuid[], "statuses" text[], "change" integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_counts AS t (campaign_id, joined, submitted, approved, rejected)
  SELECT e.campaign_id, 0, change * count(*), change * count(*) FILTER (WHERE e.status = 'APPROVED'),
    change * count(*) FILTER (WHERE e.status = 'REJECTED')
  FROM unnest(campaign_ids, statuses) AS e(campaign_id, status)
  WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = e.campaign_id)
  GROUP BY e.campaign_id
  ORDER BY e.campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET
    submitted = t.submitted + excluded.submitted, approved = t.approved + excluded.approved,
    rejected = t.rejected + excluded.rejected;
$$;
--> statement-breakpoint
CREATE FUNCTION "report_entry_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  campaign_ids uuid[];
  statuses text[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'UPDATE' THEN
      SELECT array_agg(o.campaign_id), array_agg(o.status) INTO campaign_ids, statuses
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status IS DISTINCT FROM n.status OR o.campaign_id IS DISTINCT FROM n.campaign_id;
    ELSE
      SELECT array_agg(campaign_id), array_agg(status) INTO campaign_ids, statuses FROM old_rows;
    END IF;
    PERFORM report_count_entries(campaign_ids, statuses, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF TG_OP = 'UPDATE' THEN
      SELECT array_agg(n.campaign_id), array_agg(n.status) INTO campaign_ids, statuses
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.status IS DISTINCT FROM n.status OR o.campaign_id IS DISTINCT FROM n.campaign_id;
    ELSE
      SELECT array_agg(campaign_id), array_agg(status) INTO campaign_ids, statuses FROM new_rows;
    END IF;
    PERFORM report_count_entries(campaign_ids, statuses, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_entry_counts_inserted" AFTER INSERT ON "campaign_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_entry_counts_changed();
--> statement-breakpoint
CREATE TRIGGER "report_entry_counts_updated" AFTER UPDATE ON "campaign_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION report_entry_counts_changed();
--> statement-breakpoint
CREATE TRIGGER "report_entry_counts_deleted" AFTER DELETE ON "campaign_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_entry_counts_changed();
--> statement-breakpoint
-- Moves the campaigns' count of creators who joined by each given RSVP (read as pairs) counted `change` times.
CREATE FUNCTION "report_count_rsvps"("campaign_ids" uuid[], "statuses" text[], "change" integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_counts AS t (campaign_id, joined, submitted, approved, rejected)
  SELECT r.campaign_id, change * count(*), 0, 0, 0
  FROM unnest(campaign_ids, statuses) AS r(campaign_id, status)
  WHERE r.status = 'ACCEPT' AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = r.campaign_id)
  GROUP BY r.campaign_id
  ORDER BY r.campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET joined = t.joined + excluded.joined;
$$;
--> statement-breakpoint
CREATE FUNCTION "report_rsvps_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  campaign_ids uuid[];
  statuses text[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'UPDATE' THEN
      SELECT array_agg(o.campaign_id), array_agg(o.status) INTO campaign_ids, statuses
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status IS DISTINCT FROM n.status OR o.campaign_id IS DISTINCT FROM n.campaign_id;
    ELSE
      SELECT array_agg(campaign_id), array_agg(status) INTO campaign_ids, statuses FROM old_rows;
    END IF;
    PERFORM report_count_rsvps(campaign_ids, statuses, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF TG_OP = 'UPDATE' THEN
      SELECT array_agg(n.campaign_id), array_agg(n.status) INTO campaign_ids, statuses
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.status IS DISTINCT FROM n.status OR o.campaign_id IS DISTINCT FROM n.campaign_id;
    ELSE
      SELECT array_agg(campaign_id), array_agg(status) INTO campaign_ids, statuses FROM new_rows;
    END IF;
    PERFORM report_count_rsvps(campaign_ids, statuses, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_rsvps_inserted" AFTER INSERT ON "campaign_rsvps"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rsvps_changed();
--> statement-breakpoint
CREATE TRIGGER "report_rsvps_updated" AFTER UPDATE ON "campaign_rsvps"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION report_rsvps_changed();
--> statement-breakpoint
CREATE TRIGGER "report_rsvps_deleted" AFTER DELETE ON "campaign_rsvps"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rsvps_changed();
--> statement-breakpoint
INSERT INTO report_counts (campaign_id, joined, submitted, approved, rejected)
SELECT c.id,
  (SELECT count(*) FROM campaign_rsvps r WHERE r.campaign_id = c.id AND r.status = 'ACCEPT'),
  (SELECT count(*) FROM campaign_entries e WHERE e.campaign_id = c.id),
  (SELECT count(*) FROM campaign_entries e WHERE e.campaign_id = c.id AND e.status = 'APPROVED'),
  (SELECT count(*) FROM campaign_entries e WHERE e.campaign_id = c.id AND e.status = 'REJECTED')
FROM campaigns c;
--> statement-breakpoint
SELECT report_refresh(ARRAY(SELECT id FROM campaign_entries WHERE status = 'APPROVED'));
