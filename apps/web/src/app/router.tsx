import type { AppPath } from '@conversa/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LandingRoute } from './routes/landing';
import { ScreenErrorRoute } from './routes/screen-error';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/**
 * One lazily loaded chunk per screen of the route table. The type demands an entry for every
 * path of ROUTES, so a route added there cannot be forgotten here.
 */
const SCREENS = {
  '/dashboard': () =>
    import('./routes/dashboard').then((module) => ({ Component: module.DashboardRoute })),
  '/storyfiles': () =>
    import('./routes/storyfiles').then((module) => ({ Component: module.StoryfilesRoute })),
  '/topics': () => import('./routes/topics').then((module) => ({ Component: module.TopicsRoute })),
  '/topics/templates': () =>
    import('./routes/topics-templates').then((module) => ({ Component: module.AllScriptsRoute })),
  '/topics/builder': () =>
    import('./routes/topics-builder').then((module) => ({
      Component: module.ScriptBuilderRoute,
    })),
  '/training/chat_logs': () =>
    import('./routes/training-chat-logs').then((module) => ({ Component: module.ChatLogsRoute })),
  '/training/response_quality': () =>
    import('./routes/training-response-quality').then((module) => ({
      Component: module.ResponseQualityRoute,
    })),
  '/training/view_inky_states': () =>
    import('./routes/training-view-inky-states').then((module) => ({
      Component: module.ViewInkyStatesRoute,
    })),
  '/training/custom_categories': () =>
    import('./routes/training-custom-categories').then((module) => ({
      Component: module.CustomCategoriesRoute,
    })),
  '/training/custom_words': () =>
    import('./routes/training-custom-words').then((module) => ({
      Component: module.CustomWordsRoute,
    })),
  '/training/ink_story': () =>
    import('./routes/training-ink-story').then((module) => ({ Component: module.InkStoryRoute })),
  '/training/instructions': () =>
    import('./routes/training-instructions').then((module) => ({
      Component: module.InstructionsRoute,
    })),
  '/learning': () =>
    import('./routes/learning-activities').then((module) => ({
      Component: module.LearningActivitiesRoute,
    })),
  '/learning/students': () =>
    import('./routes/learning-students').then((module) => ({
      Component: module.LearningStudentsRoute,
    })),
  '/learning/my_activities': () =>
    import('./routes/learning-my-activities').then((module) => ({
      Component: module.LearningMyActivitiesRoute,
    })),
  '/account/organizations': () =>
    import('./routes/account-organizations').then((module) => ({
      Component: module.OrganizationsRoute,
    })),
  '/account/teams': () =>
    import('./routes/account-teams').then((module) => ({ Component: module.TeamsRoute })),
  '/account/roles': () =>
    import('./routes/account-roles').then((module) => ({ Component: module.RolesRoute })),
  '/account/users': () =>
    import('./routes/account-users').then((module) => ({ Component: module.UsersRoute })),
  '/account/whitelist': () =>
    import('./routes/account-whitelist').then((module) => ({ Component: module.WhitelistRoute })),
  '/account/my_profile': () =>
    import('./routes/account-my-profile').then((module) => ({ Component: module.MyProfileRoute })),
  '/mobile/storyfiles': () =>
    import('./routes/mobile-storyfiles').then((module) => ({
      Component: module.MobileStoryfilesRoute,
    })),
  '/storyfiles/featured': () =>
    import('./routes/storyfiles-featured').then((module) => ({
      Component: module.FeaturedStoryfilesRoute,
    })),
  '/storyfiles/popular': () =>
    import('./routes/storyfiles-popular').then((module) => ({
      Component: module.PopularStoryfilesRoute,
    })),
  '/promo_codes/clients': () =>
    import('./routes/promo-codes-clients').then((module) => ({
      Component: module.PromoCodeClientsRoute,
    })),
} satisfies Record<Exclude<AppPath, '/' | '/_app'>, LazyScreen>;

/** The route objects of the signed-in screens; the route guard in the shell reads ROUTES. */
export function buildScreenRoutes(): RouteObject[] {
  return [
    // The application wrapper of spec §2: the shell itself; its own address opens the dashboard.
    { path: '/_app', element: <Navigate to="/dashboard" replace /> },
    ...Object.entries(SCREENS).map(([path, load]) => ({ path, lazy: load })),
    // A storyfile's own screen; the static /storyfiles/featured and /popular routes rank first.
    {
      path: '/storyfiles/:id',
      lazy: () =>
        import('./routes/storyfile-detail').then((module) => ({
          Component: module.StoryfileDetailRoute,
        })),
    },
    {
      path: '*',
      lazy: () =>
        import('./routes/not-found').then((module) => ({ Component: module.NotFoundRoute })),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <LandingRoute /> },
    // The public player of a published storyfile: no session needed, so outside RequireAuth.
    {
      path: '/s/:slug',
      lazy: () =>
        import('./routes/public-player').then((module) => ({
          Component: module.PublicPlayerRoute,
        })),
    },
    {
      path: '/s/:slug/transcript',
      lazy: () =>
        import('./routes/public-transcript').then((module) => ({
          Component: module.PublicTranscriptRoute,
        })),
    },
    {
      // The shell is a chunk of its own, loaded beside the screen's chunk (in parallel).
      lazy: () =>
        import('./layout/shell-route').then((module) => ({ Component: module.SignedInLayout })),
      // Errors of a screen show inside the shell, so the menu stays usable.
      children: [{ errorElement: <ScreenErrorRoute />, children: buildScreenRoutes() }],
    },
  ]);
}
