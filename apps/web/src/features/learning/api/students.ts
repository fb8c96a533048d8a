import { useQuery } from '@tanstack/react-query';
import { getStudentContract, listStudentsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { learningKeys } from './keys';

export function useStudents(organizationId: string | null) {
  return useQuery({
    queryKey: learningKeys.students(organizationId ?? ''),
    queryFn: ({ signal }) =>
      callContract(listStudentsContract, {
        query: { organizationId: organizationId ?? '' },
        signal,
      }),
    enabled: organizationId !== null,
  });
}

/** A student's activities and transcripts; answers' video URLs are signed for minutes only. */
export function useStudent(organizationId: string, studentId: string | null) {
  return useQuery({
    queryKey: learningKeys.student(organizationId, studentId ?? ''),
    queryFn: ({ signal }) =>
      callContract(getStudentContract, {
        params: { userId: studentId ?? '' },
        query: { organizationId },
        signal,
      }),
    enabled: studentId !== null,
    staleTime: 60_000,
  });
}
