/**
 * A module's service is a list of use cases, one per file, each taking the module's context first
 * (what it was built with: database, clock, repository, the services it needs). This gives each use
 * case that context, so callers see plain methods: `service.approve(caller, id)`.
 */
export function bindUseCases<
  Context,
  UseCases extends Record<string, (context: Context, ...args: never[]) => unknown>,
>(context: Context, useCases: UseCases): BoundUseCases<Context, UseCases> {
  const bound: Record<string, unknown> = {};
  for (const [name, useCase] of Object.entries(useCases)) {
    bound[name] = (...args: never[]) => useCase(context, ...args);
  }
  return bound as BoundUseCases<Context, UseCases>;
}

export type BoundUseCases<Context, UseCases> = {
  [Name in keyof UseCases]: UseCases[Name] extends (context: Context, ...args: infer Args) => infer Result
    ? (...args: Args) => Result
    : never;
};
