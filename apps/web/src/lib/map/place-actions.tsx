import { telLink } from '@petti/shared/rules/contact-links';
import type { LatLng } from '@petti/shared/rules/geo';
import { useTranslation } from '../i18n/react.tsx';
import { directionsUrl } from './directions.ts';
import './map.css';

/** "Directions" to a place in the phone's maps app, and "Call" where its phone number is known. */
export function PlaceActions({ at, name, phone }: { at: LatLng; name: string; phone?: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="place-actions">
      <a
        className="button button--secondary button--small"
        href={directionsUrl(at, name)}
        target="_blank"
        rel="noopener"
        data-testid="directions"
      >
        {t('map.directions')}
      </a>
      {phone && (
        <a className="button button--secondary button--small" href={telLink(phone)} data-testid="call">
          {t('map.call')}
        </a>
      )}
    </div>
  );
}
