import { Component, type ErrorInfo, type ReactNode } from 'react';
import { log } from '../log.ts';
import { ErrorView } from './error-view.tsx';

interface Props {
  children: ReactNode;
  fallback?: ReactNode;
}

/** Catches render errors outside the router (the router has its own errorElement). */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    log.error('render failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback ?? <ErrorView />;
    return this.props.children;
  }
}
