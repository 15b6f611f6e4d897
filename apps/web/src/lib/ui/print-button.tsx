import './print-alone.css';

/**
 * "Print or save as PDF" for a `.print-alone` section (a receipt, a tax invoice): the browser's own
 * print, which every phone can also save as a PDF, of that section alone.
 */
export function PrintButton({ label, testId }: { label: string; testId: string }) {
  return (
    <button
      type="button"
      className="button button--ghost button--small print-alone__hide"
      onClick={() => window.print()}
      data-testid={testId}
    >
      {label}
    </button>
  );
}
