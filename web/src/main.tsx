import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TOP_BAR_HEIGHT } from './layout/topBarHeight';
import { queryClient } from './lib/queryClient';
import { router } from './routes/router';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      {/* Core §8: top-centre, gone after 3 seconds; under the top bar, so a notice never hides the control just used (WCAG 2.4.11). */}
      <Notifications position="top-center" autoClose={3000} styles={{ root: { marginTop: TOP_BAR_HEIGHT } }} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
