import { render } from '@testing-library/react';
import { Mail, X } from 'lucide';
import { LineIcon } from '../src/components/LineIcon';

// LineIcon draws a `lucide` icon node as lucide-react did (the markup below is lucide-react 1.77's for X at
// size 18, less its class names): same SVG attributes, same paths, and the same accessibility rule.

test('draws the icon node with lucide-react’s attributes', () => {
  const { container } = render(<LineIcon icon={X} size={18} />);
  const svg = container.querySelector('svg')!;
  expect(container.innerHTML).toBe(
    '<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>',
  );
  expect(svg.getAttribute('aria-hidden')).toBe('true');
});

test('size, stroke width and other props reach the svg', () => {
  const { container } = render(<LineIcon icon={Mail} size={32} strokeWidth={1.75} focusable="false" style={{ flexShrink: 0 }} className="x" />);
  const svg = container.querySelector('svg')!;
  expect(svg).toHaveAttribute('width', '32');
  expect(svg).toHaveAttribute('height', '32');
  expect(svg).toHaveAttribute('stroke-width', '1.75');
  expect(svg).toHaveAttribute('focusable', 'false');
  expect(svg).toHaveClass('x');
  expect(svg.style.flexShrink).toBe('0');
  expect(svg.children).toHaveLength(Mail.length);
});

test('decorative unless labelled: an aria-* / role / title prop or children keep it visible to screen readers', () => {
  const { container: labelled } = render(<LineIcon icon={X} role="img" aria-label="Close" />);
  expect(labelled.querySelector('svg')).not.toHaveAttribute('aria-hidden');
  expect(labelled.querySelector('svg')).toHaveAttribute('aria-label', 'Close');
  const { container: titled } = render(
    <LineIcon icon={X}>
      <title>Close</title>
    </LineIcon>,
  );
  expect(titled.querySelector('svg')).not.toHaveAttribute('aria-hidden');
  const { container: hidden } = render(<LineIcon icon={X} aria-hidden />);
  expect(hidden.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
});
