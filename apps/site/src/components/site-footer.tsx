import { NamedIcon } from '@silk/ui/icon';
import { Logo } from '@silk/ui/logo';
import { channels, site } from '@/content/site';

/** Footer: seven channel links, the copyright line and the consent text (PRODUCT.md#landing). */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo name={site.productName} />
          <p>{site.tagline}</p>
        </div>
        <nav aria-label={site.footerHeading}>
          <h2 className="site-footer__heading">{site.footerHeading}</h2>
          <ul className="site-footer__channels">
            {channels.map((channel) => (
              <li key={channel.kind}>
                <a
                  href={channel.href}
                  data-channel={channel.kind}
                  {...(channel.href.startsWith('http')
                    ? { target: '_blank', rel: 'noopener noreferrer' }
                    : {})}
                >
                  <NamedIcon name={channel.icon} size={20} />
                  <span>{channel.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__consent">{site.consent}</p>
        <p className="site-footer__copyright">{site.copyright}</p>
      </div>
    </footer>
  );
}
