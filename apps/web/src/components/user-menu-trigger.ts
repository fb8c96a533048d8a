// Shared by the stand-in trigger (user-menu.tsx) and the lazily loaded dropdown, which must look
// the same; kept apart so the dropdown's chunk does not import the module that loads it.
export const PROFILE_PATH = '/account/my_profile';

export const TRIGGER_CLASS =
  'flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 data-[state=open]:bg-slate-800';
