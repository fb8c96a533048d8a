// zod fields the environment's areas share: an empty value counts as unset.
import { z } from 'zod';

/** A trimmed string; empty or unset is undefined. */
export const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A URL of one of these protocols (e.g. /^smtps?$/); empty or unset is undefined. */
export const optionalUrlOf = (protocol: RegExp) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .url({ protocol, message: `must be a URL (${protocol.source.replace(/[\^$]/g, '')})` })
        .optional(),
    )
    .optional();

/** An http(s) URL; empty or unset is undefined. */
export const optionalUrl = optionalUrlOf(/^https?$/);
