-- Emails are compared and stored NFKC-normalised and lower-cased (normalizeEmail in packages/shared).
-- Rows written before that rule are brought in line, unless another account's address normalises to the
-- same one: such accounts are left as they are for an Admin to resolve, rather than merged here.
UPDATE "accounts" AS "account"
SET "email" = lower(normalize("account"."email", NFKC))
WHERE "account"."email" <> lower(normalize("account"."email", NFKC))
  AND NOT EXISTS (
    SELECT 1 FROM "accounts" AS "other"
    WHERE "other"."id" <> "account"."id"
      AND lower(normalize("other"."email", NFKC)) = lower(normalize("account"."email", NFKC))
  );
