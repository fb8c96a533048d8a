/** A script template shipped with the studio; seeded as a read-only script without namespace. */
export interface ShippedTemplate {
  /** Stable identity across releases: the seed finds and updates the template by it. */
  slug: string;
  name: string;
  description: string;
  language: string;
  topics: {
    name: string;
    questions: { text: string; alternates?: string[] }[];
  }[];
}
