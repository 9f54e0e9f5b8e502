import { can, type Role } from '@incentive/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** A user's challenge by name: a link to its ranking for those who may read rankings (challenges.view). */
export function ChallengeName({ challenge, role }: { challenge: { id?: number; name: string }; role: Role }) {
  if (challenge.id === undefined || !can(role, 'challenges.view')) return <>{challenge.name}</>;
  return (
    <Anchor
      component={Link}
      to={paths.challengeRanking(challenge.id)}
      fz="sm"
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {challenge.name}
    </Anchor>
  );
}
