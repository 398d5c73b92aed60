import { AddMemberForm } from '@/features/team/components/add-member-form';
import { TeamList } from '@/features/team/components/team-list';
import { useTeam } from '@/features/team/hooks/use-team';

/** Team Manager tab: "Add New Team Member" (PRODUCT.md#admin-panel) and the team with the Admin's actions. */
export function TeamManager({ email }: { email: string }) {
  const team = useTeam();
  return (
    <section className="tab" aria-labelledby="team-heading">
      <h2 id="team-heading" className="tab__title">
        Team Manager
      </h2>
      <AddMemberForm onAdded={team.refresh} />
      <TeamList team={team} currentEmail={email} />
    </section>
  );
}
