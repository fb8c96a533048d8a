import { Link, useSearchParams } from 'react-router';
import { PRODUCT_NAME, readSignInErrorMessage } from '@conversa/contracts';
import { BrandLogo, useBrand } from '@/components/brand';
import { Alert } from '@/components/ui/alert';
import {
  SignInLink,
  SilentCheckProgress,
  SilentCheckWarning,
  canRunSilentCheck,
  useSession,
  useSilentCheck,
} from '@/features/auth';

/** The public landing page in the bare layout (spec §2). */
export function LandingRoute() {
  const [searchParams] = useSearchParams();
  const { status } = useSession();
  const brand = useBrand();
  // Only the sentence of a code the studio sends: never text from the address (issue 43).
  const signInError = readSignInErrorMessage(searchParams.get('signInError'));
  const silentCheck = useSilentCheck({
    // On a brand's own host the check's frame would end on PUBLIC_URL's origin and never answer.
    isEnabled:
      status === 'signed-out' &&
      brand.isSignInOrigin &&
      canRunSilentCheck({
        isCookieEnabled: navigator.cookieEnabled,
        isTopWindow: window.self === window.top,
        searchParams,
      }),
  });
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-white">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-6 py-6">
        <div className="flex items-center gap-2 text-lg font-bold">
          <BrandLogo className="size-8" />
          {brand.name}
        </div>
        <div className="flex items-center gap-4">
          <SilentCheckProgress status={silentCheck} className="max-sm:sr-only" />
          {status === 'signed-in' ? (
            <Link
              to="/dashboard"
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Open the studio
            </Link>
          ) : (
            <SignInLink
              status={silentCheck}
              idpHint={brand.idpHint}
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            />
          )}
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-6 pt-16 pb-24">
        {signInError ? (
          <Alert kind="error" className="mb-8">
            {signInError}
          </Alert>
        ) : null}
        <SilentCheckWarning status={silentCheck} className="mb-8" />
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          {brand.landing?.heading ??
            'Conversations with people, recorded once and answered forever.'}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-600">
          {brand.landing?.text ??
            `Build storyfiles: record answers to the questions people ask, and let every visitor ask their own. ${PRODUCT_NAME} is where your team scripts, records, tests and trains them.`}
        </p>
      </main>
    </div>
  );
}
