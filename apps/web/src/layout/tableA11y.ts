import { useEffect } from 'react';

/**
 * Two gaps of antd's Table for keyboard and screen-reader users, closed once for every table of the
 * authenticated pages (drawers and modals included), so no page has to remember them:
 * - a table with `scroll` scrolls inside a container that cannot take the focus, so a keyboard user
 *   cannot reach its hidden columns (WCAG 2.1.1, axe `scrollable-region-focusable`): while it
 *   actually scrolls, the container gets tabindex 0, role region and a name (the arrows scroll it);
 * - with `scroll.x` rc-table copies every column title into a hidden measuring row (aria-hidden), so
 *   a title holding a button (sortable headers) leaves a focusable copy inside hidden content (axe
 *   `aria-hidden-focus`): the measuring row is made inert.
 */
export function useTableA11y(label: string) {
  useEffect(() => {
    let frame = 0;
    // at once, in the observer's microtask: the focusable copy never lives to a frame (nor to an audit) before it is inert
    const inertMeasureRows = () => {
      for (const row of document.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])')) row.inert = true;
    };
    // a table starts or stops scrolling when its box or its content changes size, which no DOM mutation may announce
    // (antd sets the columns' widths in a style attribute): every box and its table are watched for size too, and let
    // go once they leave the page (a watched element would otherwise stay in memory for the whole session)
    const sized = new Set<Element>();
    const resizes = new ResizeObserver(() => schedule());
    const apply = () => {
      frame = 0;
      inertMeasureRows();
      for (const el of sized) {
        if (el.isConnected) continue;
        resizes.unobserve(el);
        sized.delete(el);
      }
      for (const box of document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        for (const el of [box, box.firstElementChild]) {
          if (el && !sized.has(el)) {
            sized.add(el);
            resizes.observe(el);
          }
        }
        const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
        const marked = box.dataset.tlScroll === '1';
        if (scrolls && (!marked || box.getAttribute('aria-label') !== label)) {
          box.tabIndex = 0;
          box.setAttribute('role', 'region');
          box.setAttribute('aria-label', label);
          box.dataset.tlScroll = '1';
        } else if (!scrolls && marked) {
          box.removeAttribute('tabindex');
          box.removeAttribute('role');
          box.removeAttribute('aria-label');
          delete box.dataset.tlScroll;
        }
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    // Attributes are not observed, so the changes made here never trigger another pass; the sizes are read once a frame.
    const observer = new MutationObserver(() => {
      inertMeasureRows();
      schedule();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      resizes.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [label]);
}
