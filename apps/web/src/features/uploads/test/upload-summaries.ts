import type { UploadSummary } from '@conversa/contracts';

/** An unfinished answer upload as the server lists it; tests change what they look at. */
export function buildUploadSummary(overrides: Partial<UploadSummary>): UploadSummary {
  return {
    id: 'x',
    kind: 'answer',
    phase: 'uploading',
    status: 'START',
    error: null,
    filename: 'big.mp4',
    filetype: 'video/mp4',
    sizeBytes: 1000,
    uploadedBytes: 400,
    storyfileId: 's-1',
    storyfileName: 'Grandma Rose',
    questionId: 'q-1',
    questionText: 'Where were you born?',
    topicName: 'Childhood',
    clipKind: null,
    resourceType: null,
    resourceId: null,
    createdAt: '2024-01-01T00:00:02.000Z',
    updatedAt: '2024-01-01T00:00:02.000Z',
    ...overrides,
  };
}
