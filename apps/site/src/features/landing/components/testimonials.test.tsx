import { isAvatarImage } from '@silk/schema/entities';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, isAvatarUrl } from './testimonials';

const base = { quote: 'q', author: 'Nadia Okafor', details: 'd' };

describe('Avatar', () => {
  it('shows an image when the avatar starts with http', () => {
    const { container } = render(
      <Avatar testimonial={{ ...base, avatar: 'https://cdn.example/nadia.webp' }} />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/nadia.webp');
  });

  it('shows the initials otherwise', () => {
    const { container } = render(<Avatar testimonial={{ ...base, avatar: 'NO' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('NO')).toBeInTheDocument();
  });

  it('follows the schema rule', () => {
    for (const avatar of ['https://x.io/a.png', 'http://x.io/a.png', 'NO', 'h', 'httpish'.slice(0, 3)]) {
      expect(isAvatarUrl(avatar)).toBe(isAvatarImage(avatar));
    }
  });
});
