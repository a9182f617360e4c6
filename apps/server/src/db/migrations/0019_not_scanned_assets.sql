-- A file kept on a server with no virus scanner was stored as SUCCESS with scanned = false. SUCCESS is now a
-- scanner's verdict alone: such files take the NOT_SCANNED status they are shown with ("Not scanned").
UPDATE "campaign_assets"
SET "scan_status" = 'NOT_SCANNED'
WHERE "scan_status" = 'SUCCESS' AND NOT "scanned";
