import GitHubAPI
import Graft
import Testing

/// The GitHub operations built with initializers only, each equal to the decoded canned response:
/// a fragment with a type case on an interface, connections of nodes, a union's type case that
/// selects more of an object its parent selects.
@Suite struct GitHubInitializerTests {
    @Test func repositoryURL() throws {
        #expect(RepoURLQuery.Data(repository: .init(url: "https://github.com/apollographql/apollo-ios"))
            == (try InitializerTests.decode(RepoURLQuery.Data.self,
                #"{"repository": {"__typename": "Repository", "url": "https://github.com/apollographql/apollo-ios"}}"#)))
        #expect(RepoURLQuery.Data(repository: nil) == (try InitializerTests.decode(RepoURLQuery.Data.self, #"{"repository": null}"#)))
    }

    @Test func issueOrPullRequestOfEachTypeCase() throws {
        typealias Item = RepositoryQuery.Data.Repository.IssueOrPullRequest
        let issue = RepositoryQuery.Data(repository: .init(issueOrPullRequest: Item(__typename: "Issue", viewerCanReact: true,
            author: .init(__typename: "User", login: "ada"),
            asIssue: .init(body: "Crash on launch", url: "https://github.com/apollographql/apollo-ios/issues/13",
                           author: .init(__typename: "User", avatarUrl: "https://avatars.example/ada.png")))))
        let decoded = try InitializerTests.decode(RepositoryQuery.Data.self, """
        {"repository": {"__typename": "Repository", "issueOrPullRequest": {"__typename": "Issue", "viewerCanReact": true,
          "author": {"__typename": "User", "login": "ada", "avatarUrl": "https://avatars.example/ada.png"},
          "body": "Crash on launch", "url": "https://github.com/apollographql/apollo-ios/issues/13"}}}
        """)
        #expect(issue == decoded)
        #expect(decoded.repository?.issueOrPullRequest?.author?.login == "ada")
        #expect(decoded.repository?.issueOrPullRequest?.asIssue?.author?.avatarUrl == "https://avatars.example/ada.png")
        let pullRequest = RepositoryQuery.Data(repository: .init(issueOrPullRequest: Item(__typename: "PullRequest", viewerCanReact: false)))
        #expect(pullRequest == (try InitializerTests.decode(RepositoryQuery.Data.self, """
            {"repository": {"__typename": "Repository", "issueOrPullRequest": {"__typename": "PullRequest", "viewerCanReact": false, "author": null}}}
            """)))
    }

    @Test func issuesAndComments() throws {
        typealias Issue = IssuesAndCommentsForRepositoryQuery.Data.Repository.Issues.Node
        let ada = AuthorDetails(__typename: "User", login: "ada", asUser: .init(id: "U_1", name: "Ada Lovelace"))
        let bot = AuthorDetails(__typename: "Bot", login: "dependabot")
        let built = IssuesAndCommentsForRepositoryQuery.Data(repository: .init(name: "apollo-ios", issues: .init(nodes: [
            Issue(title: "Crash on launch", author: .init(__typename: "User", authorDetails: ada), body: "Steps: open the app",
                  comments: .init(nodes: [.init(body: "Bumped", author: .init(__typename: "Bot", authorDetails: bot)), .init(body: "Ghost"), nil])),
            Issue(title: "Docs", body: "Typo", comments: .init(nodes: [])),
            nil,
        ])))
        let decoded = try InitializerTests.decode(IssuesAndCommentsForRepositoryQuery.Data.self, """
        {"repository": {"__typename": "Repository", "name": "apollo-ios", "issues": {"__typename": "IssueConnection", "nodes": [
          {"__typename": "Issue", "title": "Crash on launch", "body": "Steps: open the app",
           "author": {"__typename": "User", "login": "ada", "id": "U_1", "name": "Ada Lovelace"},
           "comments": {"__typename": "IssueCommentConnection", "nodes": [
             {"__typename": "IssueComment", "body": "Bumped", "author": {"__typename": "Bot", "login": "dependabot"}},
             {"__typename": "IssueComment", "body": "Ghost", "author": null}, null]}},
          {"__typename": "Issue", "title": "Docs", "body": "Typo", "author": null,
           "comments": {"__typename": "IssueCommentConnection", "nodes": []}},
          null]}}}
        """)
        #expect(built == decoded)
        #expect(decoded.repository?.issues.nodes?.first??.author?.fragments.authorDetails.asUser?.login == "ada")
        #expect(decoded.repository?.issues.nodes?.first??.comments.nodes?.first??.author?.login == "dependabot")
    }
}
