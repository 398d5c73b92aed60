import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, iconPaths, isIconName, listPath, NamedIcon, plusPath } from './icon';

describe('Icon', () => {
  it('draws its path, hidden from assistive technology', () => {
    const { container } = render(<Icon path={plusPath} size={20} className="features-list__check" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('width', '20');
    expect(svg).toHaveAttribute('class', 'ui-icon features-list__check');
    expect(svg).toHaveAttribute('stroke-width', '1.8');
    expect(svg?.querySelector('path')).toHaveAttribute('d', plusPath);
  });

  it('takes a caller’s stroke width (the admin panel’s icons are drawn for 2)', () => {
    const { container } = render(<Icon path={listPath} strokeWidth={2} />);
    expect(container.querySelector('svg')).toHaveAttribute('stroke-width', '2');
  });

  it('finds icons of both apps by name, and renders nothing for an unknown name', () => {
    expect(isIconName('sparkles')).toBe(true);
    expect(isIconName('settings')).toBe(true);
    expect(isIconName('toString')).toBe(false);
    const { container } = render(<NamedIcon name="nope" />);
    expect(container).toBeEmptyDOMElement();
    expect(iconPaths.list).toBe(listPath);
  });
});
