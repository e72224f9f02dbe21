import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Mounts its children once their place comes within `margin` of the viewport (IntersectionObserver), then keeps them.
 * For the parts of a page below the fold that carry their own weight (the home page's antd cards, issue #12 item 16):
 * a phone loads and draws them when its user scrolls towards them, not while the page they opened is being drawn. The
 * placeholder is an empty block where the children will be, so the page above never moves.
 */
export function WhenNear({ children, margin = 0 }: { children: ReactNode; margin?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        io.disconnect();
      }
    }, { rootMargin: `${margin}px 0px` });
    io.observe(el);
    return () => io.disconnect();
  }, [near, margin]);
  return near ? <>{children}</> : <div ref={ref} data-testid="when-near" style={{ minHeight: 1 }} />;
}
