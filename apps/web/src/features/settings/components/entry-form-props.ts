import type { FormEvent, ReactNode } from 'react';

/** A settings step of one entry (the password, the phone number, a code): its value, message and commands. */
export interface EntryFormProps {
  value: string;
  error: string | null;
  pending: boolean;
  onValueChange(next: string): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  cancel: ReactNode;
}
