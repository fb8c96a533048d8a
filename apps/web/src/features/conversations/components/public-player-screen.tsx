import {
  PRODUCT_NAME,
  STORYFILE_NOT_AVAILABLE_MESSAGE,
  type PublicChatChannel,
} from '@conversa/contracts';
import { MessageSquareOff } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { BrandLogo, useBrand } from '@/components/brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { askPublicStoryfile } from '../api/ask-public-storyfile';
import { usePublicStoryfile } from '../api/get-public-storyfile';
import { usePublicSpeechHints } from '../api/get-speech-hints';
import { ratePublicExchange } from '../api/rate-exchange';
import { ConversationPlayer } from './conversation-player';
import {
  speechStreamUrlForPublicStoryfile,
  transcribeForPublicStoryfile,
  usePublicSpeechRecognizer,
} from '../api/speech';

/** The page title the server also sends for `/s/{slug}`, kept the same once the page runs. */
export function buildPublicPageTitle(name: string | null, brandName = PRODUCT_NAME): string {
  return `${name ?? 'Not available'} | ${brandName}`;
}

function PageFrame({ isEmbed, children }: { isEmbed: boolean; children: ReactNode }) {
  const brand = useBrand();
  if (isEmbed) {
    // Scrolls as a whole only when the frame is too short for the picture, the question field and
    // a few lines of transcript.
    return <main className="flex h-screen flex-col overflow-y-auto bg-white p-3">{children}</main>;
  }
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-white">
      <header className="mx-auto flex w-full max-w-4xl items-center gap-2 px-6 py-5 text-sm font-semibold text-slate-700">
        <BrandLogo className="size-6" />
        {brand.name}
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-6 pb-16">{children}</main>
    </div>
  );
}

function NotAvailable({ isEmbed }: { isEmbed: boolean }) {
  return (
    <div
      className={cn(
        'flex flex-col items-center text-center',
        isEmbed
          ? 'm-auto px-4'
          : 'mt-16 rounded-xl border border-slate-200 bg-white px-6 py-14 shadow-sm',
      )}
    >
      <MessageSquareOff className="size-10 text-slate-400" aria-hidden="true" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900">Not available</h1>
      <p className="mt-1 max-w-md text-slate-600">{STORYFILE_NOT_AVAILABLE_MESSAGE}</p>
    </div>
  );
}

/**
 * The public player `/s/{slug}` (no account): the published storyfile's name and player. With
 * `isEmbed` (`?embed=1`) the page is only the player, for an iframe, and its asks are logged as
 * the embed channel.
 */
export function PublicPlayerScreen({ slug, isEmbed }: { slug: string; isEmbed: boolean }) {
  const storyfile = usePublicStoryfile(slug);
  const speechHints = usePublicSpeechHints(slug);
  const speechRecognizer = usePublicSpeechRecognizer(slug);
  const channel: PublicChatChannel = isEmbed ? 'embed' : 'share';
  const error = storyfile.error;
  const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const name = storyfile.data?.name ?? null;
  const brand = useBrand();

  useEffect(() => {
    if (name !== null || isMissing) {
      document.title = buildPublicPageTitle(name, brand.name);
    }
  }, [name, isMissing, brand.name]);

  if (storyfile.isPending) {
    return (
      <PageFrame isEmbed={isEmbed}>
        <div className="grid flex-1 place-items-center py-24 text-slate-600">
          <Spinner label="Loading the storyfile" className="size-6" />
        </div>
      </PageFrame>
    );
  }
  if (storyfile.isError) {
    return (
      <PageFrame isEmbed={isEmbed}>
        {isMissing ? (
          <NotAvailable isEmbed={isEmbed} />
        ) : (
          <div className="mt-16 space-y-3">
            <h1 className="text-xl font-semibold text-slate-900">
              This storyfile could not be loaded
            </h1>
            <Alert kind="error">{storyfile.error.message}</Alert>
            <Button size="sm" onClick={() => void storyfile.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </PageFrame>
    );
  }

  const data = storyfile.data;
  // The text alternative of the whole conversation (WCAG 2.2 SC 1.2.8): below the player on the
  // share page, beside the transcript's heading in the embed (issue 54, item 4).
  const transcriptLink = (
    <a
      href={`/s/${encodeURIComponent(slug)}/transcript`}
      className="text-sm font-medium text-brand-700 hover:underline"
      {...(isEmbed ? { target: '_blank', rel: 'noopener' } : {})}
    >
      Read the transcript of every answer
    </a>
  );
  return (
    <PageFrame isEmbed={isEmbed}>
      {isEmbed ? (
        <h1 className="sr-only">{data.name}</h1>
      ) : (
        <div className="mb-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{data.name}</h1>
          {data.description ? (
            <p className="mt-2 max-w-2xl text-slate-600">{data.description}</p>
          ) : null}
        </div>
      )}
      <ConversationPlayer
        name={data.name}
        language={data.language}
        clips={data.clips}
        starters={data.starters}
        ask={(input) => askPublicStoryfile(slug, { ...input, channel })}
        isCompact={isEmbed}
        rate={(exchangeId, feedback) => ratePublicExchange(slug, exchangeId, feedback)}
        hasStory={data.hasStory}
        resumeKey={`conversa-conversation:${channel}:${slug}`}
        speechHints={speechHints}
        speechRecognizer={speechRecognizer}
        transcribeSpeech={(recording, signal) =>
          transcribeForPublicStoryfile(slug, recording, signal)
        }
        speechStreamUrl={() => speechStreamUrlForPublicStoryfile(slug)}
        {...(isEmbed ? { transcriptLink } : {})}
      />
      {isEmbed ? null : <p className="mt-4 text-sm">{transcriptLink}</p>}
    </PageFrame>
  );
}
