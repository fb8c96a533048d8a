import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createInvitationsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { learningKeys } from './keys';

/**
 * Invites students: the accounts invitation service with the restricted role (a bad address
 * refuses all; people already members are skipped and listed); a
 * person's name, when known, is offered on their join page.
 */
export function useInviteStudents(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { people: { email: string; name: string }[]; teamIds: string[] }) =>
      callContract(createInvitationsContract, {
        params: { id: organizationId },
        body: {
          emails: input.people.map((person) => person.email),
          names: Object.fromEntries(
            input.people
              .filter((person) => person.name !== '')
              .map((person) => [person.email, person.name]),
          ),
          scope: 'restricted:ns',
          teamIds: input.teamIds,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.all }),
  });
}
