import { IslandForm } from '../island-form';
import { describe, EmailAlternative, Field, SuccessScreen } from '../ui';
import { type FormIslandProps, useFormIsland } from '../use-form';
import { type CONTACT_SOURCES, contactSchema, MESSAGE_MAX } from './schema';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'source', 'message'] as const;
type FieldName = (typeof FIELDS)[number];

export interface ContactFormProps extends FormIslandProps {
  /** The page the form is on: a post without JavaScript comes back to it (the server checks it against the form's pages). */
  page: string;
  labels: Record<
    FieldName | 'sourcePlaceholder' | 'counter' | 'consent' | 'submit' | 'sending' | 'honeypot' | 'noscript' | 'captcha',
    string
  >;
  sources: { value: (typeof CONTACT_SOURCES)[number]; label: string }[];
  alternative: FormIslandProps['alternative'] & { subject: string; subjectNamed: string };
}

/**
 * The contact / quote form. Without JavaScript it is a plain form posting to
 * /api/contact; with it, the shared schema checks fields on blur and submit,
 * and the answer comes back as JSON without leaving the page. When the
 * anti-robot check cannot run, the visitor gets the same request as a
 * prefilled e-mail instead.
 */
export default function ContactForm(props: ContactFormProps) {
  const { labels, state } = props;
  const topic = typeof state.values.topic === 'string' ? state.values.topic : '';
  const form = useFormIsland(
    props,
    contactSchema,
    () =>
      Object.fromEntries(FIELDS.map((f) => [f, typeof state.values[f] === 'string' ? (state.values[f] as string) : ''])) as Record<
        FieldName,
        string
      >,
    () => ({ ...(topic ? { topic } : {}), page: props.page }),
  );
  const { id, values, setValues, errors, status, failure, captcha, blur, check } = form;

  if (status === 'sent') return <SuccessScreen texts={props.success} homeHref={props.homeHref} />;

  const name = `${values.firstName} ${values.lastName}`.trim();
  const alternative = (captcha.failed || failure.offerEmail) && (
    <EmailAlternative
      failed={failure.sendFailed}
      texts={props.alternative}
      address={props.contactEmail}
      subject={name ? props.alternative.subjectNamed.replace('{{name}}', name) : props.alternative.subject}
      body={[values.message.trim(), [name, values.phone.trim()].filter(Boolean).join('\n')].filter(Boolean).join('\n\n')}
    />
  );

  const input = (field: Exclude<FieldName, 'source' | 'message'>, type: string, autoComplete: string) => (
    <Field id={`${id}${field}`} label={labels[field]} error={errors[field]}>
      <input
        id={`${id}${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        required={field !== 'phone'}
        maxLength={field === 'email' ? 254 : field === 'phone' ? 40 : 100}
        value={values[field]}
        onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
        onBlur={() => blur.later(() => check(field))}
        {...describe(`${id}${field}`, errors[field])}
      />
    </Field>
  );

  return (
    <IslandForm form={form} onSubmit={form.submit()} locale={props.locale} labels={labels} alternative={alternative}>
      <input type="hidden" name="page" value={props.page} />
      {topic && <input type="hidden" name="topic" value={topic} />}
      <div className="form-row">
        {input('firstName', 'text', 'given-name')}
        {input('lastName', 'text', 'family-name')}
      </div>
      <div className="form-row">
        {input('email', 'email', 'email')}
        {input('phone', 'tel', 'tel')}
      </div>
      <Field id={`${id}source`} label={labels.source} error={errors.source}>
        <select
          id={`${id}source`}
          name="source"
          required
          value={values.source}
          onChange={(e) => setValues((v) => ({ ...v, source: e.target.value }))}
          onBlur={() => blur.later(() => check('source'))}
          {...describe(`${id}source`, errors.source)}
        >
          <option value="">{labels.sourcePlaceholder}</option>
          {props.sources.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${id}message`}
        label={labels.message}
        error={errors.message}
        hint={
          <p className="field-hint" id={`${id}message-count`}>
            {labels.counter.replace('{{count}}', String(values.message.length))}
          </p>
        }
      >
        <textarea
          id={`${id}message`}
          name="message"
          rows={6}
          required
          maxLength={MESSAGE_MAX}
          value={values.message}
          onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          onBlur={() => blur.later(() => check('message'))}
          {...describe(`${id}message`, errors.message, `${id}message-count`)}
        />
      </Field>
    </IslandForm>
  );
}
