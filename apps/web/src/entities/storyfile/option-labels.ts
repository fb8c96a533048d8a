/**
 * What a storyfile picker shows for each option: the name, and beside a name that two storyfiles
 * share the namespace too (issue 44: two "Maya Chen" without their namespace, and the person
 * read the other one's numbers).
 */
export function labelStoryfileOptions<
  T extends { id: string; name: string; namespaceLabel: string },
>(items: readonly T[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const item of items) {
    counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
  }
  return new Map(
    items.map((item) => [
      item.id,
      (counts.get(item.name) ?? 0) > 1 ? `${item.name} (${item.namespaceLabel})` : item.name,
    ]),
  );
}
