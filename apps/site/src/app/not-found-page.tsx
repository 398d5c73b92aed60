import { buttonClassName } from '@silk/ui/button';
import { SubpageLayout } from '@/components/subpage-layout';
import { site } from '@/content/site';
import { paths } from '@/config/paths';

/** Served by Hosting as 404.html for any unknown path (PRODUCT.md#landing: other routes are not shown). */
export function NotFoundPage() {
  return (
    <SubpageLayout className="not-found">
      <p className="eyebrow">404</p>
      <h1>This page took a wrong turn</h1>
      <p>The address may be mistyped, or the page has moved. Your next trip starts on the home page.</p>
      <a className={buttonClassName()} href={paths.landing}>
        {site.homeLinkLabel}
      </a>
    </SubpageLayout>
  );
}
