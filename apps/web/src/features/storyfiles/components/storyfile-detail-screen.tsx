import {
  DELETED_NAME_MARKER,
  roleRequiredMessage,
  STORYFILE_NOT_FOUND_MESSAGE,
  type CurrentUser,
} from '@conversa/contracts';
import { ArrowLeft, Copy, FileDown, LibraryBig, Mic, MessagesSquare } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '@/components/avatar';
import { useBreadcrumbLabel } from '@/components/breadcrumbs';
import { DragDropProvider } from '@/components/drag-and-drop';
import { recordRecentActivity } from '@/components/recent-activity';
import { Section } from '@/components/section';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatUsDate } from '@/lib/format';
import { addRecentStoryfile } from '@/lib/recent-activity';
import { useStoryfile } from '../api/get-storyfile';
import { useRestoreStoryfile } from '../api/restore-storyfile';
import { useSaveTopicsToLibrary } from '../api/save-topics-to-library';
import { canEditStoryfile, canRestoreStoryfile } from '../utils/permissions';
import { parseStoryfileTab, type StoryfileTab } from '../utils/tabs';
import { ApplyScriptDialog } from './apply-script-dialog';
import { DuplicateStoryfileDialog } from './duplicate-storyfile-dialog';
import { ExportPackageButton, ExportPackagePanel, useStoryfileExport } from './export-package';
import { ClipSlots } from './clip-slots';
import { LibrarySaveOutcome } from './save-to-library';
import { ScriptChecklist } from './script-checklist';
import { ScriptSearch } from './script-search';
import { SettingsPanel } from './settings-panel';
import { StartersPanel } from './starters-panel';
import { StatusBadge } from './status-badge';
import {
  StoryfileSlotsProvider,
  type StoryfileSlotContext,
  type StoryfileSlots,
} from './storyfile-slots';
import { LaterTab, Tabs } from './storyfile-detail-tabs';
import { DetailSkeleton } from './storyfile-detail-skeleton';

/**
 * /storyfiles/:id: the storyfile's header and its tabs (`tab` in the address): the script
 * checklist with clips and starters, record, interact, and settings. Record, interact, the
 * answer videos and publishing come from other features through `slots`.
 */
export function StoryfileDetailScreen({
  user,
  id,
  slots = {},
}: {
  user: CurrentUser;
  id: string;
  slots?: StoryfileSlots;
}) {
  const storyfile = useStoryfile(id);
  const [params, setParams] = useSearchParams();
  const tab = parseStoryfileTab(params.get('tab'));
  const [isApplying, setIsApplying] = useState(false);
  const [isDuplicating, setIsDuplicating] = useState(false);
  const storyfileExport = useStoryfileExport(id);
  const restore = useRestoreStoryfile();
  const saveToLibrary = useSaveTopicsToLibrary(id);
  const librarySaveId = useId();
  const { showToast } = useToast();
  const data = storyfile.data;
  useBreadcrumbLabel(id, data?.name);

  const name = data?.name;
  useEffect(() => {
    // Recent lists never take a deleted storyfile (spec §5).
    if (name !== undefined && !name.includes(DELETED_NAME_MARKER)) {
      recordRecentActivity(name, { url: `/storyfiles/${id}`, storyfileId: id });
      addRecentStoryfile(localStorage, { id, name });
    }
  }, [id, name]);

  function selectTab(next: StoryfileTab) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'overview') {
          updated.delete('tab');
        } else {
          updated.set('tab', next);
        }
        return updated;
      },
      { replace: false },
    );
  }

  if (storyfile.isPending) {
    return <DetailSkeleton />;
  }
  if (data === undefined) {
    const error = storyfile.error;
    // An address whose id is not a storyfile id is as missing as an unknown one.
    const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {isMissing ? 'Storyfile not found' : 'This storyfile could not be loaded'}
        </h1>
        <Alert kind="error">{isMissing ? STORYFILE_NOT_FOUND_MESSAGE : error?.message}</Alert>
        <div className="flex gap-3">
          <Link
            to="/storyfiles"
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to the storyfiles
          </Link>
          {isMissing ? null : (
            <Button size="sm" onClick={() => void storyfile.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </div>
    );
  }

  const isDeleted = data.deletedAt !== null;
  const isEditable = canEditStoryfile(user, data) && !isDeleted;
  const canRestore = canRestoreStoryfile(user, data);
  const slotContext: StoryfileSlotContext = {
    storyfile: data,
    isEditable,
    canOwn: canRestore && !isDeleted,
  };

  let panel: ReactNode;
  if (tab === 'record' && slots.renderRecordTab) {
    panel = slots.renderRecordTab(slotContext);
  } else if (tab === 'interact' && slots.renderInteractTab) {
    panel = slots.renderInteractTab(slotContext);
  } else if (tab === 'record') {
    panel = (
      <LaterTab
        icon={Mic}
        storyfile={data}
        title="Record the answers"
        text="This is where you record each question's answer with your camera, one after another, or upload video files you already have; the idle, intro and fallback clips are recorded here too."
      />
    );
  } else if (tab === 'interact') {
    panel = (
      <LaterTab
        icon={MessagesSquare}
        storyfile={data}
        title="Talk to your storyfile"
        text="This is where you ask questions by typing or speaking, as a visitor would, and see which recorded answer plays and how confident the match was."
      />
    );
  } else if (tab === 'settings') {
    panel = (
      <div className="space-y-10">
        {slots.renderSettingsSections?.(slotContext)}
        <SettingsPanel storyfile={data} isEditable={isEditable} canRestore={canRestore} />
      </div>
    );
  } else {
    panel = (
      <DragDropProvider>
        <div className="grid grid-cols-1 gap-10 xl:grid-cols-3 xl:gap-8">
          <div className="xl:col-span-2">
            <Section
              title="Script"
              description="The topics and questions to record, in the order you record them. They belong to this storyfile alone: the question library (Topics) is separate, and saving its topics there lets other storyfiles reuse them."
              actions={
                isEditable ? (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      icon={<FileDown className="size-4" aria-hidden="true" />}
                      onClick={() => setIsApplying(true)}
                    >
                      Apply a script
                    </Button>
                    {data.topics.length === 0 ? null : (
                      <Button
                        icon={<LibraryBig className="size-4" aria-hidden="true" />}
                        isLoading={saveToLibrary.isPending}
                        aria-describedby={
                          saveToLibrary.data || saveToLibrary.error ? librarySaveId : undefined
                        }
                        onClick={() => saveToLibrary.mutate()}
                      >
                        Save topics to the library
                      </Button>
                    )}
                  </div>
                ) : undefined
              }
            >
              <LibrarySaveOutcome
                id={librarySaveId}
                result={saveToLibrary.data}
                error={saveToLibrary.error}
              />
              {data.topics.length === 0 ? null : <ScriptSearch storyfile={data} />}
              <ScriptChecklist storyfile={data} isEditable={isEditable} />
            </Section>
          </div>
          <div className="space-y-10">
            {slots.renderScriptAside?.(slotContext)}
            <Section
              title="Conversation starters"
              description="Questions suggested to visitors when the storyfile greets them, in this order."
            >
              <StartersPanel storyfile={data} isEditable={isEditable} />
            </Section>
            <Section
              title="Clips"
              description="The clips a conversation needs besides the answers, and what to say in each."
            >
              <ClipSlots storyfile={data} isEditable={isEditable} />
            </Section>
          </div>
        </div>
      </DragDropProvider>
    );
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar src={data.avatarUrl} alt="" size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-slate-900">
              {data.name}
            </h1>
            <StatusBadge status={data.status} isDeleted={isDeleted} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {data.namespaceLabel} · {data.language} · {formatCount(data.topicCount, 'topic')} ·{' '}
            {formatCount(data.questionCount, 'question')} ·{' '}
            {formatCount(data.answeredCount, 'answer')} recorded · updated{' '}
            {formatUsDate(data.updatedAt)}
          </p>
          {data.description ? (
            <p className="mt-2 max-w-3xl text-sm text-slate-700">{data.description}</p>
          ) : null}
        </div>
      </header>
      {isEditable ? (
        <div role="group" aria-label="Storyfile actions" className="flex flex-wrap gap-2">
          <Button
            icon={<Copy className="size-4" aria-hidden="true" />}
            onClick={() => setIsDuplicating(true)}
          >
            Duplicate storyfile
          </Button>
          <ExportPackageButton state={storyfileExport} />
        </div>
      ) : null}
      <ExportPackagePanel storyfile={data} state={storyfileExport} />
      {isDeleted ? (
        <div className="flex flex-wrap items-center gap-3">
          <Alert kind="warning" className="flex-1">
            This storyfile is deleted.{' '}
            {canRestore
              ? 'Restore it to change it again.'
              : 'An owner of its namespace can restore it.'}
          </Alert>
          {canRestore ? null : (
            <span title={roleRequiredMessage('owner:ns')}>
              <Button disabled aria-describedby="restore-role-hint">
                Restore
              </Button>
              <span id="restore-role-hint" className="sr-only">
                {roleRequiredMessage('owner:ns')}
              </span>
            </span>
          )}
          {canRestore ? (
            <Button
              variant="primary"
              isLoading={restore.isPending}
              onClick={() =>
                restore.mutate(data.id, {
                  onSuccess: (restored) =>
                    showToast({ kind: 'success', message: `Restored "${restored.name}".` }),
                  onError: (error) => showToast({ kind: 'error', message: error.message }),
                })
              }
            >
              Restore
            </Button>
          ) : null}
        </div>
      ) : null}
      {slots.renderNotices?.(slotContext)}
      <Tabs current={tab} onSelect={selectTab} />
      <div id="storyfile-tab-panel" role="tabpanel" aria-labelledby={`storyfile-tab-${tab}`}>
        <StoryfileSlotsProvider slots={slots} context={slotContext}>
          {panel}
        </StoryfileSlotsProvider>
      </div>
      <ApplyScriptDialog storyfileId={data.id} isOpen={isApplying} onOpenChange={setIsApplying} />
      {isEditable ? (
        <DuplicateStoryfileDialog
          storyfile={data}
          isOpen={isDuplicating}
          onOpenChange={setIsDuplicating}
        />
      ) : null}
    </div>
  );
}
