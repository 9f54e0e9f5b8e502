import { RepCardList, useUrlPage } from '../../../components/rep-card-list.tsx';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { useRepArticles } from '../api/get-rep-articles.ts';
import { ArticleCard } from '../components/article-card.tsx';
import { articleStrings } from '../lib/strings.ts';

registerStrings(articleStrings);

/** `/articles-ph`: the rep's articles, 4 a page from the server (SPEC.md section 2, rep lists). */
export function ArticleListPage() {
  const [page, setPage] = useUrlPage();
  const query = useRepArticles(page);
  return (
    <RepCardList
      texts="articlePh"
      errorKey="article.toast.errorList"
      query={query}
      page={page}
      onPage={setPage}
      card={(article, priority) => <ArticleCard key={article.id} article={article} priority={priority} />}
    />
  );
}
