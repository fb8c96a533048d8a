// What a field is called on screen, for validation messages: every contract field's label, the
// nouns of list items, and the path of an issue turned into "Name (topic 2)".

/**
 * Every field name of every contract's params, query and body, as a person sees it on screen.
 * `validation-messages.test.ts` walks all contracts and fails for a field missing here, so a new
 * field gets its words when it is added.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  action: 'Change',
  actionId: 'Review change',
  alternates: 'Alternate phrasings',
  attributes: 'Attributes',
  avatarUrl: 'Picture',
  channel: 'Channel',
  choiceIndex: 'Story choice',
  clarified: 'Asked back',
  code: 'Promo code',
  closeAt: 'Close date',
  confidence: 'Confidence',
  compatibility: 'Compatibility',
  conversationId: 'Conversation',
  days: 'Days',
  csv: 'CSV file',
  count: 'Results per page',
  decision: 'Decision',
  defaultScope: 'Default role',
  description: 'Description',
  displayForm: 'Display form',
  distinctAnswers: 'Different answers heard',
  dueAt: 'Due date',
  email: 'Email',
  emails: 'Emails',
  entryId: 'Exchange',
  category: 'Category',
  categoryId: 'Category',
  entryIds: 'Exchanges',
  exchangeId: 'Exchange',
  excludedAttributes: 'Attributes to leave out',
  excludeId: 'Item to leave out',
  endsOn: 'End date',
  expiresAt: 'Expiry date',
  feedback: 'Rating',
  filter: 'Filter',
  from: 'From date',
  heardAs: 'Heard as',
  hidden: 'Hidden from popular',
  id: 'Item',
  ids: 'Items',
  includeArchived: 'Show archived',
  includeDeleted: 'Show deleted',
  inApp: 'In the app',
  index: 'Position',
  inputMode: 'Input',
  isActive: 'Active',
  instructions: 'Instructions',
  isArchived: 'Archived',
  isAdmin: 'Super Admin',
  isSuspended: 'Suspended',
  jobId: 'Package job',
  kind: 'Kind',
  label: 'Name',
  labelId: 'Learned question',
  language: 'Language',
  maxRedemptions: 'Maximum redemptions',
  message: 'Message',
  minutes: 'Minutes in conversation',
  name: 'Name',
  names: 'Names',
  namespaceId: 'Namespace',
  nearTie: 'Near-ties',
  number: 'Version',
  openAt: 'Open date',
  order: 'Order',
  organizationId: 'Organization',
  organizationIds: 'Organizations',
  page: 'Page',
  pageSize: 'Rows per page',
  pageUrl: 'Page address',
  phrases: 'Phrases',
  prompt: 'Prompt',
  question: 'Question',
  questionId: 'Question',
  questionIds: 'Conversation starters',
  questions: 'Questions',
  recognizer: 'Recognizer',
  recordedAnswerLimit: 'Recorded answer limit',
  questionsAsked: 'Questions asked',
  reviewState: 'Review state',
  rule: 'Completion rule',
  resourceId: 'Resource',
  said: 'Said in the answer',
  schemas: 'Schemas',
  scope: 'Role',
  scriptId: 'Script',
  search: 'Search',
  searchOptions: 'Search fields',
  shipped: 'Template',
  slug: 'Share link',
  sort: 'Sort',
  source: 'Ink source',
  sourceQuestionId: 'Library question',
  sourceTopicId: 'Library topic',
  start: 'Start the story',
  startsOn: 'Start date',
  startIndex: 'First result',
  startPath: 'Start from knot',
  status: 'Status',
  storyfileId: 'Storyfile',
  storyfileLimit: 'Storyfile limit',
  storyfileIds: 'Storyfiles',
  studentId: 'Student',
  studentIds: 'Students',
  suggestion: 'Suggested question',
  teamIds: 'Teams',
  term: 'Word',
  text: 'Question',
  cues: 'Captions',
  presetSlug: 'Preset',
  publishDrafts: 'Publish drafts as automatic captions',
  alternatives: 'Other readings',
  speechConfidence: 'Recognizer confidence',
  startMs: 'Start',
  endMs: 'End',
  revision: 'Revision',
  timing: 'Timing',
  threshold: 'Threshold',
  playRisk: 'Wrong answers risked',
  title: 'Title',
  to: 'To date',
  tokenId: 'SCIM token',
  topicId: 'Topic',
  topicIds: 'Topics to cover',
  topics: 'Topics',
  trialDays: 'Trial length (days)',
  uploadObjectKey: 'Upload',
  uploadId: 'Package upload',
  userId: 'Member',
  value: 'Value',
  videoId: 'Video',
  word: 'Word',
  wordId: 'Word',
  words: 'Words in the question',
};

/**
 * What one entry of a map field is called. Its key is the sender's own text (an email address),
 * so the entry is named by what it holds, never by its key: "A name must be text."
 */
export const MAP_ENTRY_LABELS: Readonly<Record<string, string>> = {
  names: 'A name',
};

/** What one element of a list field is called, for "Name (topic 2)" and "Alternate phrasing 3". */
export const LIST_ITEM_NOUNS: Readonly<Record<string, string>> = {
  schemas: 'schema',
  alternates: 'alternate phrasing',
  cues: 'caption',
  alternatives: 'reading',
  emails: 'email',
  entryIds: 'exchange',
  heardAs: 'heard-as form',
  ids: 'item',
  organizationIds: 'organization',
  phrases: 'phrase',
  questionIds: 'starter',
  questions: 'question',
  storyfileIds: 'storyfile',
  studentIds: 'student',
  teamIds: 'team',
  topicIds: 'topic',
  topics: 'topic',
};

/**
 * A field whose words depend on the list it sits in: a caption's `text` is its text, not the
 * "Question" that `text` means elsewhere (issue 53: "Question (caption 1)").
 */
export const LIST_ITEM_FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cues: { text: 'Text' },
};

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** Fallback words for a field without a label: `someField` → "Some field". */
function wordsOf(key: string): string {
  return capitalize(
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_-]+/g, ' ')
      .toLowerCase(),
  );
}

/**
 * A field as a person reads it: "Name", "Name (topic 2)", "Alternate phrasing 3 (topic 1,
 * question 4)"; "The request" when the path names no field.
 */
export function labelValidationField(path: readonly PropertyKey[]): string {
  const steps = path.map((step) => (typeof step === 'symbol' ? String(step) : step));
  const context: string[] = [];
  let label: string | undefined;
  for (const [position, step] of steps.entries()) {
    const previous = steps[position - 1];
    const isIndex = typeof step === 'number' || /^\d+$/.test(String(step));
    if (isIndex && typeof previous === 'string') {
      const noun = LIST_ITEM_NOUNS[previous] ?? 'item';
      const numbered = `${noun} ${Number(step) + 1}`;
      if (position === steps.length - 1) {
        label = capitalize(numbered);
      } else {
        context.push(numbered);
      }
    } else if (!isIndex && position === steps.length - 1) {
      const key = String(step);
      const mapEntry = typeof previous === 'string' ? MAP_ENTRY_LABELS[previous] : undefined;
      const list = steps[position - 2];
      const itemField =
        typeof list === 'string' && /^\d+$/.test(String(previous))
          ? LIST_ITEM_FIELD_LABELS[list]?.[key]
          : undefined;
      label = mapEntry ?? itemField ?? FIELD_LABELS[key] ?? wordsOf(key);
    }
  }
  if (label === undefined) {
    const lastNamed = [...steps].reverse().find((step) => typeof step === 'string');
    if (lastNamed === undefined) {
      return 'The request';
    }
    label = FIELD_LABELS[lastNamed] ?? wordsOf(lastNamed);
  }
  return context.length === 0 ? label : `${label} (${context.join(', ')})`;
}
