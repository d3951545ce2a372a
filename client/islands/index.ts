import { ContactForm } from './ContactForm';
import { SignatureGenerator } from './SignatureGenerator';
import { TranslationEstimator } from './TranslationEstimator';

/**
 * The server's view of the islands: name -> component. client/entry.ts holds
 * the browser's view (name -> lazy import); a unit test checks they match.
 * Only files in this folder hydrate.
 */
export const islandComponents = {
  ContactForm,
  SignatureGenerator,
  TranslationEstimator,
};

export type IslandName = keyof typeof islandComponents;
