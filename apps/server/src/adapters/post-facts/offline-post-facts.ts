import type { PostFactsReader } from './post-facts';
import { unknownFacts } from './post-facts-replies';

/**
 * The default, since a default install has no internet: no platform is asked, and every post says so,
 * for a reviewer to judge its date and author by eye rather than by a fact nobody read.
 */
export function createOfflinePostFacts(): PostFactsReader {
  return {
    async factsOf() {
      return unknownFacts('not-configured');
    },
  };
}
