/**
 * Builds a schema once, when its module loads. Marked free of side effects so that the web app's bundles
 * keep only the schemas its pages use (the forms'), and only the parts of zod those need: the server's
 * schemas stay out (DESIGN §3, ADR 009).
 */
/* @__NO_SIDE_EFFECTS__ */
export function schema<Schema>(build: () => Schema): Schema {
  return build();
}
