import { MARKETING_TITLE, WAITLIST_PAGE_TITLE } from '@silk/schema/constants';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from './paths';

function Page({ title, heading }: { title: string; heading: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main>
      <h1>{heading}</h1>
    </main>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.landing} element={<Page title={MARKETING_TITLE} heading="Silk" />} />
      <Route path={paths.waitlist} element={<Page title={WAITLIST_PAGE_TITLE} heading="You're on the list" />} />
    </Routes>
  );
}
