import { modals } from '@mantine/modals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConfirm, setModalsHostListening } from './open-confirm.ts';

const opened = vi.spyOn(modals, 'openConfirmModal').mockImplementation(() => 'modal');

afterEach(() => {
  setModalsHostListening(false);
  opened.mockClear();
  vi.useRealTimers();
});

describe('openConfirm', () => {
  it('opens at once while the host listens', () => {
    setModalsHostListening(true);
    openConfirm({ title: 'Usuń quiz' });
    expect(opened).toHaveBeenCalledWith({ title: 'Usuń quiz' });
  });

  it('holds a dialog asked for before the host listens and opens it when it does', () => {
    openConfirm({ title: 'Usuń artykuł' });
    expect(opened).not.toHaveBeenCalled();
    setModalsHostListening(true);
    expect(opened).toHaveBeenCalledExactlyOnceWith({ title: 'Usuń artykuł' });
  });

  it('drops a dialog that waited too long, and those waiting when a host goes away', () => {
    vi.useFakeTimers();
    openConfirm({ title: 'stary' });
    vi.advanceTimersByTime(10_001);
    setModalsHostListening(true);
    expect(opened).not.toHaveBeenCalled();

    setModalsHostListening(false);
    openConfirm({ title: 'poprzednia sesja' });
    setModalsHostListening(false);
    setModalsHostListening(true);
    expect(opened).not.toHaveBeenCalled();
  });
});
