import { useId } from 'react';
import { isPlainHttpElsewhere } from '../../../../shared/baseUrl';

/**
 * A provider's base URL with, while it is plain `http:` to another machine, the `checkbox`
 * "Allow plain HTTP to this host"; its problem (main's rule, `baseUrlProblem`) in an `alert`
 * right under it that describes it.
 */
export function BaseUrlField({
  label,
  url,
  allowPlainHttp,
  placeholder,
  error,
  onUrl,
  onAllow,
}: {
  label: string;
  url: string | null;
  allowPlainHttp: boolean;
  placeholder: string;
  error: string | null;
  onUrl: (url: string | null) => void;
  onAllow: (allow: boolean) => void;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field base-url-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="url"
        value={url ?? ''}
        spellCheck={false}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onUrl(e.target.value.trim() === '' ? null : e.target.value.trim())}
      />
      {isPlainHttpElsewhere(url) ? (
        <label className="checkbox">
          <input type="checkbox" checked={allowPlainHttp} onChange={(e) => onAllow(e.target.checked)} />
          <span>Allow plain HTTP to this host</span>
        </label>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
