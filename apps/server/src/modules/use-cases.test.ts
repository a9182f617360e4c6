import { describe, expect, it } from 'vitest';
import { bindUseCases } from './use-cases';

type Context = { greeting: string; calls: string[] };

const greet = (context: Context, name: string) => {
  context.calls.push(name);
  return `${context.greeting}, ${name}`;
};
const greetLater = async (context: Context, name: string, times: number) =>
  Array.from({ length: times }, () => greet(context, name));

describe('a service bound from its use cases', () => {
  it('gives each use case the context, and the caller’s arguments after it', async () => {
    const context: Context = { greeting: 'Hello', calls: [] };
    const service = bindUseCases(context, { greet, greetLater });
    expect(service.greet('Casey')).toBe('Hello, Casey');
    await expect(service.greetLater('Sam', 2)).resolves.toEqual(['Hello, Sam', 'Hello, Sam']);
    expect(context.calls).toEqual(['Casey', 'Sam', 'Sam']);
  });

  it('passes a use case’s failure to the caller unchanged', async () => {
    const refused = new Error('refused');
    const service = bindUseCases({}, { fail: async () => Promise.reject(refused) });
    await expect(service.fail()).rejects.toBe(refused);
  });
});
