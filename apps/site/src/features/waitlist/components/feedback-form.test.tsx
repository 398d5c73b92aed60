import { SESSION_EMAIL_KEY } from '@silk/schema/constants';
import { FEEDBACK_FAILED, SESSION_EXPIRED, SUBMITTING_FEEDBACK_LABEL } from '@silk/schema/messages';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { deferred, testConfig } from '@/testing/config';
import { resetBetweenFormTests } from '@/testing/form-tests';
import { FeedbackForm } from './feedback-form';

type Submit = (
  config: unknown,
  email: string,
  fields: Record<string, string>,
  token?: string | null,
) => Promise<void>;
const submitFeedback = vi.fn<Submit>();
vi.mock('@silk/data-access/waitlist', () => ({
  submitFeedback: (...args: Parameters<Submit>) => submitFeedback(...args),
}));

const SEND = 'Send my answers';

function setup(options: { siteKey?: string | null; token?: string | null } = {}) {
  const alert = vi.fn<(message: string) => void>();
  const getBotToken = vi.fn(async (_siteKey: string | null) => options.token ?? null);
  const config = testConfig({ recaptchaSiteKey: options.siteKey ?? null });
  render(<FeedbackForm config={config} alert={alert} getBotToken={getBotToken} />);
  return { alert, getBotToken, config };
}

const send = () => fireEvent.click(screen.getByRole('button', { name: SEND }));

describe('FeedbackForm', () => {
  resetBetweenFormTests(submitFeedback);

  it('says it is optional and offers the seven fields with fitting controls and a 4-row text area', () => {
    setup();
    expect(screen.getByText(/entirely optional/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'How often do you travel?' })).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: 'What frustrates you most when planning a trip?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Work e-mail (for team travel)' })).toHaveAttribute(
      'type',
      'email',
    );
    expect(screen.getByRole('group', { name: 'Do you create travel content?' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('group', { name: 'Which features excite you most?' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Suggestions or feedback' })).toHaveAttribute('rows', '4');
    expect(screen.getByRole('textbox', { name: 'Your social media handle' })).toBeInTheDocument();
  });

  it('alerts that the session expired and sends nothing without the signup e-mail', async () => {
    const { alert, getBotToken } = setup();
    send();
    expect(alert).toHaveBeenCalledWith(SESSION_EXPIRED);
    expect(getBotToken).not.toHaveBeenCalled();
    expect(submitFeedback).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: SEND })).toBeEnabled();
  });

  it('shows "Submitting..." while sending, then the Thank You view with Back to Home, and resets the form', async () => {
    window.sessionStorage.setItem(SESSION_EMAIL_KEY, 'ana@example.com');
    const write = deferred();
    submitFeedback.mockReturnValue(write.promise);
    const { config } = setup();
    fireEvent.change(screen.getByRole('combobox', { name: 'How often do you travel?' }), {
      target: { value: 'Monthly or more' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'AR/VR previews' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'AI price hunting' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Suggestions or feedback' }), {
      target: { value: '  Multi-city trips please  ' },
    });
    send();
    expect(await screen.findByRole('button', { name: SUBMITTING_FEEDBACK_LABEL })).toBeDisabled();
    expect(submitFeedback).toHaveBeenCalledWith(
      config,
      'ana@example.com',
      {
        travelFrequency: 'Monthly or more',
        biggestFrustration: '',
        workEmail: '',
        contentCreator: 'Yes',
        excitedFeatures: 'AI price hunting, AR/VR previews',
        suggestionsFeedback: 'Multi-city trips please',
        socialMedia: '',
      },
      null,
    );
    await act(async () => write.resolve());
    expect(screen.getByRole('heading', { name: 'Thank You' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: SEND })).not.toBeInTheDocument();
  });

  it('passes the bot-check token when a site key is configured', async () => {
    window.sessionStorage.setItem(SESSION_EMAIL_KEY, 'ana@example.com');
    submitFeedback.mockResolvedValue();
    const { getBotToken } = setup({ siteKey: 'site-key', token: 'token-123' });
    send();
    await screen.findByRole('heading', { name: 'Thank You' });
    expect(getBotToken).toHaveBeenCalledWith('site-key');
    expect(submitFeedback.mock.calls[0]?.[3]).toBe('token-123');
  });

  it('alerts the SPEC failure message and keeps the form and its answers when the write fails', async () => {
    window.sessionStorage.setItem(SESSION_EMAIL_KEY, 'ana@example.com');
    submitFeedback.mockRejectedValue(new Error(FEEDBACK_FAILED));
    const { alert } = setup();
    const handle = screen.getByRole('textbox', { name: 'Your social media handle' });
    fireEvent.change(handle, { target: { value: '@ana' } });
    send();
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(FEEDBACK_FAILED));
    expect(screen.getByRole('button', { name: SEND })).toBeEnabled();
    expect(handle).toHaveValue('@ana');
    expect(screen.queryByRole('heading', { name: 'Thank You' })).not.toBeInTheDocument();
  });

  it('keeps the answers given before hydration and sends them', async () => {
    window.sessionStorage.setItem(SESSION_EMAIL_KEY, 'ana@example.com');
    submitFeedback.mockResolvedValue();
    const config = testConfig();
    const props = { config, alert: vi.fn(), getBotToken: async () => null };
    const container = document.createElement('div');
    container.innerHTML = renderToString(<FeedbackForm {...props} />);
    document.body.append(container);
    // Answered while the script was still loading:
    container.querySelector<HTMLSelectElement>('#travelFrequency')!.value = 'Monthly or more';
    container.querySelector<HTMLInputElement>('input[value="AI price hunting"]')!.checked = true;
    container.querySelector<HTMLInputElement>('#socialMedia')!.value = '@ana';
    await act(async () => {
      hydrateRoot(container, <FeedbackForm {...props} />);
    });
    expect(screen.getByRole('textbox', { name: 'Your social media handle' })).toHaveValue('@ana');
    await act(async () => send());
    expect(submitFeedback).toHaveBeenCalledWith(
      config,
      'ana@example.com',
      expect.objectContaining({
        travelFrequency: 'Monthly or more',
        excitedFeatures: 'AI price hunting',
        socialMedia: '@ana',
      }),
      null,
    );
    container.remove();
  });
});
