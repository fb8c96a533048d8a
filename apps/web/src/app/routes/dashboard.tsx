import { DASHBOARD_WELCOME_HEADING } from '@conversa/contracts';
import { useCurrentUser, useSession } from '@/features/auth';

export function DashboardRoute() {
  const me = useCurrentUser();
  const { manager } = useSession();
  const name = [me.data?.firstName, me.data?.lastName].filter(Boolean).join(' ') || me.data?.email;
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <h1 className="text-3xl font-bold">{DASHBOARD_WELCOME_HEADING}</h1>
      <p className="mt-2 text-slate-600">Signed in as {name}</p>
      <button
        type="button"
        className="mt-6 rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100"
        onClick={() => void manager.logout()}
      >
        Logout
      </button>
    </main>
  );
}
