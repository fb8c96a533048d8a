import type {
  ClipKind,
  StoryfileDetail,
  StoryfileQuestion,
  StoryfileTopic,
} from '@conversa/contracts';
import { createContext, useContext, type ReactNode } from 'react';

/** What every slot is told about the storyfile on screen. */
export interface StoryfileSlotContext {
  storyfile: StoryfileDetail;
  /** The user may change the storyfile (edit role, and it is not deleted). */
  isEditable: boolean;
  /** The user may publish and unpublish it (owner role). */
  canOwn: boolean;
}

/**
 * Places of the storyfile screen that other features fill in. Features never import each other,
 * so the route composes them: it passes these renderers, and the storyfile screen calls them
 * where they belong. A slot left out renders nothing (or the tab's placeholder).
 */
export interface StoryfileSlots {
  /** The `tab=record` panel. */
  renderRecordTab?: (context: StoryfileSlotContext) => ReactNode;
  /** The `tab=interact` panel. */
  renderInteractTab?: (context: StoryfileSlotContext) => ReactNode;
  /** Extra sections at the top of the settings tab (publishing, matching settings). */
  renderSettingsSections?: (context: StoryfileSlotContext) => ReactNode;
  /** The script tab's side column, first: e.g. what visitors asked for that is not recorded. */
  renderScriptAside?: (context: StoryfileSlotContext) => ReactNode;
  /** Above the tabs: what is going on in the background (e.g. transcript drafts being made). */
  renderNotices?: (context: StoryfileSlotContext) => ReactNode;
  /** Under each question of the script: its answer video. */
  renderQuestionMedia?: (
    context: StoryfileSlotContext & { question: StoryfileQuestion; topic: StoryfileTopic },
  ) => ReactNode;
  /** Inside each clip card: the clip's video. */
  renderClipMedia?: (context: StoryfileSlotContext & { clipKind: ClipKind }) => ReactNode;
}

const SlotsContext = createContext<{ slots: StoryfileSlots; context: StoryfileSlotContext } | null>(
  null,
);

export function StoryfileSlotsProvider({
  slots,
  context,
  children,
}: {
  slots: StoryfileSlots;
  context: StoryfileSlotContext;
  children: ReactNode;
}) {
  return <SlotsContext.Provider value={{ slots, context }}>{children}</SlotsContext.Provider>;
}

/** The slots and the screen's context, for pieces deep in the checklist. */
export function useStoryfileSlots() {
  return useContext(SlotsContext);
}
