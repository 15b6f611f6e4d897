import { ROUTES } from '@petti/shared/routes';
import { normalisePhone } from '@petti/shared/rules/phone';
import type { SellerApplicationInput, SellerMode } from '@petti/shared/schemas/catalog';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { fieldOf, useErrorText } from '../../../lib/error-text.ts';
import { type FieldErrors, focusFirstError } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useCategories } from '../../../lib/shop/shop-api.ts';
import { Field, FormAlert, SubmitButton, TextField } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { TextAreaField } from '../../../lib/ui/text-area-field.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { useSubmitApplication } from '../api/submit-application.ts';
import { isEmailAddress, isWebAddress, localName } from '../seller-text.ts';
import '../sellers.css';

type SellerField = 'brandName' | 'ownerName' | 'phone' | 'email' | 'website' | 'categoryId' | 'address';
const FIELD_ORDER: SellerField[] = [
  'brandName',
  'ownerName',
  'phone',
  'email',
  'website',
  'categoryId',
  'address',
];
const MODES: SellerMode[] = ['home', 'locker', 'curbside', 'grab'];

/** /becomeSeller (public): the application form; success goes to /thanksPage. */
export default function BecomeSellerPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const errorText = useErrorText();
  const categories = useCategories();
  const submit = useSubmitApplication();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({
    brandName: '',
    ownerName: '',
    phone: '',
    email: '',
    website: '',
    categoryId: '',
    address: '',
    message: '',
  });
  const [modes, setModes] = useState<SellerMode[]>(['home']);
  const [errors, setErrors] = useState<FieldErrors<SellerField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const check = (): FieldErrors<SellerField> => {
    const found: FieldErrors<SellerField> = {};
    const required = t('sellers.form.required');
    const tooShort = t('sellers.form.tooShort');
    const short = (text: string, min: number) =>
      text.trim() ? (text.trim().length < min ? tooShort : null) : required;
    found.brandName = short(values.brandName, 2) ?? undefined;
    found.ownerName = short(values.ownerName, 2) ?? undefined;
    if (!normalisePhone(values.phone)) found.phone = t('validation.phone');
    if (values.email.trim() && !isEmailAddress(values.email)) found.email = t('sellers.form.invalidEmail');
    if (values.website.trim() && !isWebAddress(values.website)) found.website = t('sellers.form.invalidUrl');
    if (!values.categoryId) found.categoryId = required;
    found.address = short(values.address, 5) ?? undefined;
    for (const key of Object.keys(found) as SellerField[]) if (!found[key]) delete found[key];
    return found;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    setFailure(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found, FIELD_ORDER, form.current);
      return;
    }
    if (modes.length === 0) {
      setFailure(t('sellers.form.chooseMode'));
      return;
    }
    if (!online) {
      setFailure(t('sellers.form.offline'));
      return;
    }
    const input: SellerApplicationInput = {
      brandName: values.brandName.trim(),
      ownerName: values.ownerName.trim(),
      phone: normalisePhone(values.phone)!,
      categoryId: values.categoryId,
      address: values.address.trim(),
      modes,
      ...(values.email.trim() && { email: values.email.trim() }),
      ...(values.website.trim() && { website: values.website.trim() }),
      ...(values.message.trim() && { message: values.message.trim() }),
    };
    try {
      const application = await submit.mutateAsync(input);
      navigate(`${ROUTES.thanksPage}?ref=${encodeURIComponent(application.id)}`);
    } catch (error) {
      if (isApiError(error) && error.code === 'SellerApplicationExists') {
        // Said politely, in the user's language, from the shared error catalogue.
        setErrors({ phone: errorText(error) });
        focusFirstError({ phone: 'x' }, FIELD_ORDER, form.current);
        return;
      }
      const field = fieldOf(error) as SellerField | undefined;
      if (field && FIELD_ORDER.includes(field)) {
        const message = isApiError(error) ? error.message : '';
        const text = /Invalid URL/.test(message)
          ? t('sellers.form.invalidUrl')
          : /Invalid email/.test(message)
            ? t('sellers.form.invalidEmail')
            : errorText(error);
        setErrors({ [field]: text });
        focusFirstError({ [field]: text }, FIELD_ORDER, form.current);
      } else {
        setFailure(errorText(error));
      }
    }
  };

  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <PageIntro page="becomeSeller">
      <form ref={form} className="form card" noValidate onSubmit={onSubmit} data-testid="seller-form">
        <p>{t('sellers.form.intro')}</p>
        {failure && (
          <FormAlert testId="seller-form-error">
            <p>{failure}</p>
          </FormAlert>
        )}
        <TextField
          label={t('sellers.form.brandName')}
          name="brandName"
          value={values.brandName}
          onChange={set('brandName')}
          error={errors.brandName}
          maxLength={80}
          autoComplete="organization"
        />
        <TextField
          label={t('sellers.form.ownerName')}
          name="ownerName"
          value={values.ownerName}
          onChange={set('ownerName')}
          error={errors.ownerName}
          maxLength={80}
          autoComplete="name"
        />
        <TextField
          label={t('sellers.form.phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          autoComplete="tel"
          data-testid="seller-phone"
        />
        <TextField
          label={t('sellers.form.email')}
          name="email"
          type="email"
          inputMode="email"
          optional
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          autoComplete="email"
          data-testid="seller-email"
        />
        <TextField
          label={t('sellers.form.website')}
          name="website"
          type="url"
          inputMode="url"
          optional
          hint={t('sellers.form.websiteHint')}
          value={values.website}
          onChange={set('website')}
          error={errors.website}
          data-testid="seller-website"
        />
        <Field label={t('sellers.form.category')} error={errors.categoryId}>
          {(ids) => (
            <select
              id={ids.input}
              name="categoryId"
              className="input select"
              value={values.categoryId}
              onChange={set('categoryId')}
              aria-describedby={ids.describedBy}
              aria-invalid={errors.categoryId ? true : undefined}
              data-testid="seller-category"
            >
              <option value="">{t('sellers.form.chooseCategory')}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {localName(c.name, language)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextAreaField
          label={t('sellers.form.address')}
          error={errors.address}
          name="address"
          className="textarea"
          rows={2}
          maxLength={200}
          value={values.address}
          onChange={set('address')}
        />
        <fieldset className="field">
          <legend className="field__label">{t('sellers.form.modes')}</legend>
          <div className="seller-modes">
            {MODES.map((mode) => (
              <label key={mode} className="choice">
                <input
                  type="checkbox"
                  checked={modes.includes(mode)}
                  onChange={(e) =>
                    setModes((m) => (e.target.checked ? [...m, mode] : m.filter((x) => x !== mode)))
                  }
                />
                {t(`sellers.modes.${mode}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField
          label={t('sellers.form.message')}
          optional
          name="message"
          className="textarea"
          rows={3}
          maxLength={500}
          value={values.message}
          onChange={set('message')}
        />
        <SubmitButton pending={submit.isPending} pendingLabel={t('sellers.form.submitting')}>
          {t('sellers.form.submit')}
        </SubmitButton>
      </form>
    </PageIntro>
  );
}
